import Testing
import napkin

private final class PassComponent: Component<EmptyDependency> {
  let seed: Int

  init(seed: Int = 0) {
    self.seed = seed
    super.init(dependency: EmptyComponent())
  }
}

/// What the test builders return: the component they built with and the dynamic dependency.
private struct Built<Dynamic> {
  let component: PassComponent
  let dynamic: Dynamic
}

@MainActor
private final class TestComponentizedBuilder: ComponentizedBuilder<
  PassComponent, Built<String>, String, Int
>
{
  override func build(with component: PassComponent, _ dynamicBuildDependency: String)
    -> Built<String>
  {
    Built(component: component, dynamic: dynamicBuildDependency)
  }
}

@MainActor
private final class TestSimpleComponentizedBuilder: SimpleComponentizedBuilder<
  PassComponent, Built<Void>
>
{
  override func build(with component: PassComponent) -> Built<Void> {
    Built(component: component, dynamic: ())
  }
}

@MainActor
private final class TestMultiStageBuilder: MultiStageComponentizedBuilder<
  PassComponent, Built<String>, String
>
{
  override func finalStageBuild(with component: PassComponent, _ dynamicDependency: String)
    -> Built<String>
  {
    Built(component: component, dynamic: dynamicDependency)
  }
}

@MainActor
private final class TestSimpleMultiStageBuilder: SimpleMultiStageComponentizedBuilder<
  PassComponent, Built<Void>
>
{
  override func finalStageBuild(with component: PassComponent) -> Built<Void> {
    Built(component: component, dynamic: ())
  }
}

/// A feature's builder protocol whose `build` is main-actor, as napkin 2.x code declares it.
private protocol GrillBuildable: Buildable {
  @MainActor func build(named name: String) async -> any ViewableRouting
}

/// What the grill napkin needs from its parent.
private final class GrillDependency: Dependency {
  let pitName = "north pit"
}

/// A nonisolated builder whose main-actor `build` creates a real router, the napkin 2.x way.
private final class GrillBuilder: Builder<GrillDependency>, GrillBuildable {
  @MainActor
  func build(named name: String) async -> any ViewableRouting {
    let interactor = ProbeInteractor(name: "\(name) at \(dependency.pitName)")
    return ViewableRouter(interactor: interactor, viewController: TestScreen())
  }
}

/// A componentized builder of main-actor routers: a `@MainActor` subclass whose nonisolated
/// override reads what it needs from the component, then creates the router in
/// `MainActor.assumeIsolated`.
@MainActor
private final class SmokerBuilder: ComponentizedBuilder<
  PassComponent, ProbeRouter, String, Int
>
{
  override func build(with component: PassComponent, _ dynamicBuildDependency: String)
    -> ProbeRouter
  {
    let name = "\(dynamicBuildDependency)-\(component.seed)"
    return MainActor.assumeIsolated { ProbeRouter(interactor: ProbeInteractor(name: name)) }
  }
}

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct BuilderTests {
  @Test func builder_keepsItsDependency() {
    let dependency = EmptyComponent()

    let builder = Builder<any EmptyDependency>(dependency: dependency)

    #expect(builder.dependency === dependency)
  }

  @Test func componentizedBuilder_makesFreshComponentPerBuild() {
    let componentsMade = Recorder<Int>()
    let builder = TestComponentizedBuilder { seed in
      componentsMade.record(seed)
      return PassComponent(seed: seed)
    }

    let first = builder.build(withDynamicBuildDependency: "first", dynamicComponentDependency: 1)
    let second = builder.build(withDynamicBuildDependency: "second", dynamicComponentDependency: 2)

    #expect(first.component !== second.component)
    #expect(componentsMade.events == [1, 2])
    #expect(first.component.seed == 1)
    #expect(first.dynamic == "first")
    #expect(second.component.seed == 2)
    #expect(second.dynamic == "second")
  }

  @Test func componentizedBuilder_whoseComponentBuilderReusesAComponent_stopsWithMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await BuilderTests.buildTwiceWithOneComponent()
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("same PassComponent instance twice"), "stderr: \(stderr)")
  }

  @Test func simpleComponentizedBuilder_makesFreshComponentPerBuild() {
    let builder = TestSimpleComponentizedBuilder { PassComponent() }

    let first = builder.build()
    let second = builder.build()

    #expect(first.component !== second.component)
  }

  @Test func multiStageBuilder_reusesOneComponentWithinAPass_andMakesANewOneForTheNext() {
    let componentsMade = Recorder<Int>()
    let builder = TestMultiStageBuilder {
      componentsMade.record(componentsMade.count)
      return PassComponent(seed: componentsMade.count)
    }

    let firstStage = builder.componentForCurrentBuildPass
    let firstStageAgain = builder.componentForCurrentBuildPass
    let firstBuilt = builder.finalStageBuild(withDynamicDependency: "first")
    let secondStage = builder.componentForCurrentBuildPass
    let secondBuilt = builder.finalStageBuild(withDynamicDependency: "second")

    #expect(firstStage === firstStageAgain)
    #expect(firstBuilt.component === firstStage)
    #expect(firstBuilt.dynamic == "first")
    #expect(secondStage !== firstStage)
    #expect(secondBuilt.component === secondStage)
    #expect(secondBuilt.dynamic == "second")
    #expect(componentsMade.count == 2)
  }

  @Test func multiStageBuilder_finalStageWithoutEarlierStages_makesOneComponentPerPass() {
    let componentsMade = Recorder<Int>()
    let builder = TestMultiStageBuilder {
      componentsMade.record(componentsMade.count)
      return PassComponent()
    }

    let first = builder.finalStageBuild(withDynamicDependency: "first")
    let second = builder.finalStageBuild(withDynamicDependency: "second")

    #expect(first.component !== second.component)
    #expect(componentsMade.count == 2)
  }

  @Test func simpleMultiStageBuilder_reusesOneComponentWithinAPass_andMakesANewOneForTheNext() {
    let builder = TestSimpleMultiStageBuilder { PassComponent() }

    let firstStage = builder.componentForCurrentBuildPass
    let firstBuilt = builder.finalStageBuild()
    let secondStage = builder.componentForCurrentBuildPass
    let secondBuilt = builder.finalStageBuild()

    #expect(firstBuilt.component === firstStage)
    #expect(secondStage !== firstStage)
    #expect(secondBuilt.component === secondStage)
  }

  @Test func builderWithAMainActorBuildMethod_buildsAMainActorRouter() async {
    let builder: any GrillBuildable = GrillBuilder(dependency: GrillDependency())

    let router = await builder.build(named: "grill")
    await router.interactable.activate()

    #expect((router.interactable as? ProbeInteractor)?.name == "grill at north pit")
    #expect(router.viewControllable is TestScreen)
    #expect(router.interactable.lifecycle.isActive)
  }

  @Test func mainActorComponentizedBuilder_buildsARouterPerBuild_withAFreshComponent() async {
    let builder = SmokerBuilder { seed in PassComponent(seed: seed) }

    let first = builder.build(withDynamicBuildDependency: "smoker", dynamicComponentDependency: 1)
    let (component, second): (PassComponent, ProbeRouter) = builder.build(
      withDynamicBuildDependency: "smoker", dynamicComponentDependency: 2)
    await first.attachChild(second)

    #expect(first.interactor.name == "smoker-1")
    #expect(second.interactor.name == "smoker-2")
    #expect(component.seed == 2)
    #expect(first.children.count == 1)
    #expect(second.interactor.isActive)
  }

  @Test func componentizedBuilder_doesNotKeepALastComponentAlive() {
    let builder = TestComponentizedBuilder { seed in PassComponent(seed: seed) }
    weak var component: PassComponent?

    do {
      let built = builder.build(withDynamicBuildDependency: "only", dynamicComponentDependency: 1)
      component = built.component
      #expect(component != nil)
    }

    #expect(component == nil)
  }

  @Test func multiStageBuilder_whoseComponentBuilderReusesAComponent_stopsWithMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await BuilderTests.runTwoPassesWithOneComponent()
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("TestMultiStageBuilder"), "stderr: \(stderr)")
    #expect(stderr.contains("same PassComponent instance twice"), "stderr: \(stderr)")
  }

  // MARK: Exit-test bodies

  private static func buildTwiceWithOneComponent() {
    let component = PassComponent()
    let builder = TestComponentizedBuilder { _ in component }
    _ = builder.build(withDynamicBuildDependency: "first", dynamicComponentDependency: 1)
    _ = builder.build(withDynamicBuildDependency: "second", dynamicComponentDependency: 2)
  }

  private static func runTwoPassesWithOneComponent() {
    let component = PassComponent()
    let builder = TestMultiStageBuilder { component }
    _ = builder.finalStageBuild(withDynamicDependency: "first")
    _ = builder.finalStageBuild(withDynamicDependency: "second")
  }
}
