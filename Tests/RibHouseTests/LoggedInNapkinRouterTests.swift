import NapkinTesting
import RibHouse
import Testing

/// The LoggedIn router on generated mocks: its children's builders are mocks returning mock
/// routers, and its builder is given a mock dependency, as an app's router tests are written.
@MainActor
@Suite(.napkinChecks(strict: true))
struct LoggedInNapkinRouterTests {
  let pit = MockPitServicing(boardUpdatesFeed: MockStream(replaying: PitBoard.opening))
  let specials = MockSpecialsServicing(todaysSpecialsResult: Stub(Special.todaysMenu))

  @Test func attachPitBoard_buildsItForTheInteractor_attachesIt_andShowsItsView() async {
    let interactor = LoggedInNapkinInteractor(
      presenter: MockLoggedInNapkinPresentable(), user: .smokeyJoe, pitService: pit)
    let screen = TextScreen(title: "Logged in")
    let pitBoard = MockPitBoardNapkinRouting()
    let pitBoardBuilder = MockPitBoardNapkinBuildable(buildResult: Stub(pitBoard))
    let announcementsBuilder = MockAnnouncementsNapkinBuildable(
      buildResult: Stub(MockAnnouncementsNapkinRouting()))
    let router = LoggedInNapkinRouter(
      interactor: interactor, viewController: screen, pitBoardBuilder: pitBoardBuilder,
      announcementsBuilder: announcementsBuilder)

    await router.attachPitBoard()

    #expect(pitBoardBuilder.calls == [.build])
    #expect(pitBoardBuilder.arguments == [.build(withListener: .init(interactor))])
    #expect(router.children.map(ObjectIdentifier.init) == [ObjectIdentifier(pitBoard)])
    #expect(
      screen.presentedViews.map(ObjectIdentifier.init) == [ObjectIdentifier(pitBoard.mockView)])
    #expect(announcementsBuilder.calls == [])
    #expect(pitBoard.calls == [])
  }

  @Test func builder_buildsTheNapkinFromItsDependency() async {
    let dependency = MockLoggedInNapkinDependency(
      pitService: pit, specialsService: specials, clock: MockClock("LoggedInClock"))
    let listener = MockLoggedInNapkinListener()

    let router = await LoggedInNapkinBuilder(dependency: dependency).build(
      withListener: listener, user: .smokeyJoe)

    await router.interactable.activate()
    await settle(router)

    // The napkin and its Announcements child run on the dependency's pit service.
    #expect(pit.boardUpdatesFeed.subscriberCount == 1)
    #expect(pit.lastCallsFeed.subscriberCount == 1)
    #expect(listener.calls == [])
    await router.interactable.deactivate()
  }
}
