import Testing
import napkin

// Builders written the way napkin 2.x code writes them: nonisolated subclasses, created and
// called synchronously from nonisolated test functions, from an actor and from the main actor. The components and "routers" are plain
// classes, as in 2.x's own builder tests; main-actor routers are covered in BuilderTests.

/// The parent dependency of the 2.x-style builders.
private final class ShopDependency: Dependency {
  let shopName: String

  init(shopName: String) {
    self.shopName = shopName
  }
}

/// A component made from a dynamic dependency: the table an order is for.
private final class OrderComponent {
  let table: Int

  init(table: Int) {
    self.table = table
  }
}

/// What the 2.x-style builders return: a plain class, so builds can be told apart by identity.
private final class OrderTicket {
  let component: OrderComponent?
  let note: String

  init(component: OrderComponent?, note: String) {
    self.component = component
    self.note = note
  }
}

/// A plain builder with a synchronous, nonisolated `build`.
private final class ShopBuilder: Builder<ShopDependency> {
  func build(note: String) -> OrderTicket {
    OrderTicket(component: nil, note: "\(dependency.shopName): \(note)")
  }
}

private final class OrderBuilder: ComponentizedBuilder<OrderComponent, OrderTicket, String, Int> {
  let componentsMade: Recorder<Int>

  init() {
    let componentsMade = Recorder<Int>()
    self.componentsMade = componentsMade
    super.init { table in
      componentsMade.record(table)
      return OrderComponent(table: table)
    }
  }

  override func build(with component: OrderComponent, _ dynamicBuildDependency: String)
    -> OrderTicket
  {
    OrderTicket(component: component, note: dynamicBuildDependency)
  }
}

private final class HouseSpecialBuilder: SimpleComponentizedBuilder<OrderComponent, OrderTicket> {
  init() {
    super.init { OrderComponent(table: 0) }
  }

  override func build(with component: OrderComponent) -> OrderTicket {
    OrderTicket(component: component, note: "house special")
  }
}

private final class PlatterBuilder: MultiStageComponentizedBuilder<
  OrderComponent, OrderTicket, String
>
{
  init() {
    super.init { OrderComponent(table: 0) }
  }

  override func finalStageBuild(with component: OrderComponent, _ dynamicDependency: String)
    -> OrderTicket
  {
    OrderTicket(component: component, note: dynamicDependency)
  }
}

private final class SamplerBuilder: SimpleMultiStageComponentizedBuilder<
  OrderComponent, OrderTicket
>
{
  init() {
    super.init { OrderComponent(table: 0) }
  }

  override func finalStageBuild(with component: OrderComponent) -> OrderTicket {
    OrderTicket(component: component, note: "sampler")
  }
}

/// Builds synchronously on its own executor.
private actor Kitchen {
  func ticket(forTable table: Int) -> Int? {
    let builder = OrderBuilder()
    let ticket = builder.build(
      withDynamicBuildDependency: "brisket", dynamicComponentDependency: table)
    return ticket.component?.table
  }
}

@Suite(.timeLimit(.minutes(1)))
struct BuilderCompatibilityTests {
  @Test func builder_keepsItsDependency() {
    let dependency = ShopDependency(shopName: "Rib House")

    let builder = ShopBuilder(dependency: dependency)

    #expect(builder.dependency === dependency)
    #expect(builder.build(note: "two plates").note == "Rib House: two plates")
  }

  @Test func componentizedBuilder_buildsAFreshComponentPerBuild() {
    let builder = OrderBuilder()

    let first: OrderTicket = builder.build(
      withDynamicBuildDependency: "ribs", dynamicComponentDependency: 1)
    let second: OrderTicket = builder.build(
      withDynamicBuildDependency: "ribs", dynamicComponentDependency: 2)

    #expect(first.component !== second.component)
    #expect(builder.componentsMade.events == [1, 2])
  }

  @Test func componentizedBuilder_passesEachDynamicDependencyToItsStage() {
    let builder = OrderBuilder()

    let ticket: OrderTicket = builder.build(
      withDynamicBuildDependency: "brisket", dynamicComponentDependency: 7)

    #expect(ticket.component?.table == 7)
    #expect(ticket.note == "brisket")
  }

  @Test func componentizedBuilder_tupleOverload_returnsTheComponentItBuiltWith() {
    let builder = OrderBuilder()

    let (component, ticket): (OrderComponent, OrderTicket) = builder.build(
      withDynamicBuildDependency: "pulled pork", dynamicComponentDependency: 4)

    #expect(ticket.component === component)
    #expect(component.table == 4)
    #expect(ticket.note == "pulled pork")
  }

  @Test func componentizedBuilder_tupleOverload_alsoMakesAFreshComponentPerBuild() {
    let builder = OrderBuilder()

    let (first, _): (OrderComponent, OrderTicket) = builder.build(
      withDynamicBuildDependency: "a", dynamicComponentDependency: 1)
    let second: OrderTicket = builder.build(
      withDynamicBuildDependency: "b", dynamicComponentDependency: 2)
    let (third, _): (OrderComponent, OrderTicket) = builder.build(
      withDynamicBuildDependency: "c", dynamicComponentDependency: 3)

    #expect(first !== second.component)
    #expect(second.component !== third)
    #expect(builder.componentsMade.events == [1, 2, 3])
  }

  @Test func componentizedBuilder_unannotatedCall_returnsTheRouter() {
    let builder = OrderBuilder()

    let ticket = builder.build(withDynamicBuildDependency: "sides", dynamicComponentDependency: 9)

    #expect(ticket.note == "sides")
  }

  @Test func componentizedBuilder_buildsSynchronouslyInsideAnActor() async {
    let table = await Kitchen().ticket(forTable: 12)

    #expect(table == 12)
  }

  @MainActor
  @Test func componentizedBuilder_buildsSynchronouslyOnTheMainActor() {
    let builder = OrderBuilder()

    let ticket = builder.build(withDynamicBuildDependency: "ribs", dynamicComponentDependency: 5)

    #expect(ticket.component?.table == 5)
  }

  @Test func simpleComponentizedBuilder_buildsAFreshComponentPerBuild() {
    let builder = HouseSpecialBuilder()

    let first = builder.build()
    let second = builder.build()

    #expect(first !== second)
    #expect(first.component !== second.component)
  }

  @Test func multiStageBuilder_sharesOneComponentAcrossTheStagesOfAPass() {
    let builder = PlatterBuilder()

    let earlyStage = builder.componentForCurrentBuildPass
    let laterStage = builder.componentForCurrentBuildPass
    let ticket = builder.finalStageBuild(withDynamicDependency: "platter")

    #expect(earlyStage === laterStage)
    #expect(ticket.component === earlyStage)
    #expect(ticket.note == "platter")
  }

  @Test func multiStageBuilder_startsAFreshComponentAfterTheFinalStage() {
    let builder = PlatterBuilder()

    let firstPass = builder.componentForCurrentBuildPass
    _ = builder.finalStageBuild(withDynamicDependency: "first")
    let secondPass = builder.componentForCurrentBuildPass

    #expect(firstPass !== secondPass)
  }

  @Test func simpleMultiStageBuilder_sharesOneComponentPerPass() {
    let builder = SamplerBuilder()

    let earlyStage = builder.componentForCurrentBuildPass
    let first = builder.finalStageBuild()
    let second = builder.finalStageBuild()

    #expect(first.component === earlyStage)
    #expect(second.component !== earlyStage)
    #expect(second.note == "sampler")
  }

  @Test func everyBuilder_isBuildable() {
    let builders: [Any] = [
      ShopBuilder(dependency: ShopDependency(shopName: "Rib House")), OrderBuilder(),
      HouseSpecialBuilder(), PlatterBuilder(), SamplerBuilder(),
    ]

    #expect(builders.allSatisfy { $0 is any Buildable })
  }
}
