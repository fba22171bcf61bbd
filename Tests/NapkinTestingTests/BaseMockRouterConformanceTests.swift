import NapkinTesting
import Testing

@MainActor
@Suite struct BaseMockRouterConformanceTests {
  @Test func baseMockRouter_isALaunchRoutingOnItsOwn() async {
    let parent = BaseMockRouter<Never>()
    let child = BaseMockRouter<Never>()
    let launch: any LaunchRouting = parent

    await launch.launch()
    await parent.attachChild(child)

    #expect(parent.children.count == 1)
    #expect(child.mockInteractor.activationCount == 1)
    #expect(parent.routing == [.launch, .load, .attachChild(child)])
  }
}
