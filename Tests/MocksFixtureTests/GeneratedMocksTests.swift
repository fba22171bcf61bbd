import NapkinTesting
import Synchronization
import Testing

@testable import MocksFixture

/// Every generated shape, used as a test uses it. The same file, and the generated mocks, are
/// compiled in MocksFixtureMainActorTests with the main actor as default isolation.
@Suite(.napkinChecks(strict: true))
struct GeneratedMocksTests {
  @Test func router_recordsItsCallsWithTheirLabels() async {
    let router = MockCheckoutRouting()
    await router.attachReceipt(for: Order(number: 7))
    await router.show("Thanks")
    await router.detachReceipt()
    #expect(
      router.calls == [.attachReceipt(for: Order(number: 7)), .show("Thanks"), .detachReceipt])
  }

  @Test func router_holdsItsCalls_andReleasesTheSecondFirst() async {
    let router = MockCheckoutRouting()
    router.hold(where: {
      if case .attachReceipt = $0 { true } else { false }
    })
    let first = Task { await router.attachReceipt(for: Order(number: 1)) }
    await router.waitUntilHeld()
    let second = Task { await router.attachReceipt(for: Order(number: 2)) }
    await router.waitUntilHeld(count: 2)
    await router.show("Thanks")
    router.release(call: 2)
    await second.value
    router.release(call: 1)
    await first.value
    #expect(
      router.calls == [
        .attachReceipt(for: Order(number: 1)), .attachReceipt(for: Order(number: 2)),
        .show("Thanks"),
      ])
  }

  @Test func listener_callsAreEventsTheExplorerAnswers() async {
    let report = await explore { scenario in
      let listener = MockCheckoutListener()
      scenario.answers(listener)
      scenario.action("finish") { await listener.checkoutDidFinish(order: Order(number: 1)) }
      scenario.action("close") { await listener.shopDidClose() }
      scenario.expect("the listener is told both") { listener.calls.count == 2 }
    }
    #expect(report.passed, "\(report)")
    // Each action before its call's answer: 4! / (2 × 2) orders.
    #expect(report.orders == 6)
  }

  @Test @MainActor func presenter_recordsAndHoldsItsListenerWeakly() async {
    let presenter = MockCheckoutPresentable()
    do {
      let listener = MockCheckoutPresentableListener()
      presenter.listener = listener
      await presenter.listener?.didTapPay()
      #expect(listener.calls == [.didTapPay])
    }
    #expect(presenter.listener == nil)
    presenter.present(total: 42)
    #expect(presenter.calls == [.present(total: 42)])
  }

  @Test func listener_recordsInheritedRequirementsToo() async {
    let listener = MockCheckoutListener()
    await listener.shopDidClose()
    await listener.checkoutDidFinish(order: Order(number: 1))
    #expect(listener.calls == [.shopDidClose, .checkoutDidFinish(order: Order(number: 1))])
  }

  @Test func service_stubsFailsRecordsArgumentsAndFeedsItsStream() async throws {
    let cart = MockCartServicing(totalResult: Stub(12), countsFeed: MockStream(replaying: 0))
    try await cart.add(item: "Ribs", count: 2)
    #expect(try await cart.total() == 12)
    cart.failNext(1, of: .loadPage)
    await #expect(throws: SimulatedError.self) { _ = try await cart.load(page: 2) }
    cart.loadIdResult.value = "Brisket"
    #expect(try await cart.load(id: "x") == "Brisket")
    await cart.clear()
    try cart.validate()
    cart.noteViewed("Ribs")
    #expect(
      cart.calls == [.add, .total, .loadPage, .loadId, .clear, .validate, .noteViewed])
    #expect(
      cart.arguments == [
        .add(item: "Ribs", count: 2), .loadPage(page: 2), .loadId(id: "x"), .noteViewed("Ribs"),
      ])
    var counts = cart.counts.makeAsyncIterator()
    #expect(await counts.next() == 0)
  }

  @Test @MainActor func builder_recordsItsListenerByIdentity_andReturnsTheRequiredStub() async {
    let router = MockCheckoutRouting()
    let builder = MockReceiptBuildable(buildResult: Stub(router))
    let listener = MockCheckoutListener()
    let built = await builder.build(withListener: listener, order: Order(number: 3))
    #expect(built === router)
    #expect(builder.calls == [.build])
    #expect(builder.arguments == [.build(withListener: .init(listener), order: Order(number: 3))])
    #expect(
      builder.arguments != [
        .build(withListener: .init(MockCheckoutListener()), order: Order(number: 3))
      ])
  }

  @Test func dependency_isOneInitializerCall() {
    let cart = MockCartServicing()
    let clock = ContinuousClock()
    let dependency = MockReceiptDependency(cart: cart, clock: clock)
    #expect(dependency.cart as? MockCartServicing === cart)
    #expect(dependency.note == nil)
    dependency.note = "gift"
    #expect(dependency.note == "gift")
  }

  @Test func sendableHolder_keepsItsSettablePropertyBehindALock() {
    let settings = MockShopSettings(volume: 3, title: "Shop")
    settings.volume = 7
    #expect(settings.volume == 7)
    #expect(settings.title == "Shop")
  }

  @Test func service_returnsValuesWithoutThrowing_andFeedsStreamsFromMethods() async throws {
    let catalog = MockCatalogServicing(
      cachedCountResult: Stub(4), priceResult: Stub(12),
      openFeedFeed: MockStream(replaying: "ribs"),
      name: "Menu", pageSize: 20)
    #expect(catalog.cachedCount() == 4)
    #expect(await catalog.price(of: "ribs") == 12)
    catalog.cachedCountResult.value = 5
    #expect(catalog.cachedCount() == 5)
    var feed = try await catalog.openFeed().makeAsyncIterator()
    #expect(await feed.next() == "ribs")
    catalog.failNext(1, of: .openFeed)
    await #expect(throws: SimulatedError.self) { _ = try await catalog.openFeed() }
    let prices = catalog.prices()
    catalog.pricesFeed.send(9)
    var iterator = prices.makeAsyncIterator()
    #expect(await iterator.next() == 9)
    catalog.pageSize = 50
    #expect(catalog.name == "Menu" && catalog.pageSize == 50)
    #expect(catalog.calls == [.cachedCount, .price, .cachedCount, .openFeed, .openFeed, .prices])
    #expect(catalog.arguments == [.price(of: "ribs")])
  }

  @Test @MainActor func classBoundArguments_areRecordedByIdentity() async {
    let host = MockCheckoutHosting()
    let router = MockCheckoutRouting()
    await host.embed(router.mockView)
    await host.show(router: router)
    await host.show(router: nil)
    #expect(
      host.calls == [
        .embed(.init(router.mockView)), .show(router: .init(router)), .show(router: nil),
      ])
    #expect(
      String(describing: CheckoutHostingCall.Instance(router)) == "<MockCheckoutRouting instance>")
  }

  @Test func standardRefinements_getADescriptionAndIdentity() async {
    let ticket = MockTicket(description: "Ticket 7")
    let other = MockTicket()
    #expect(ticket.description == "Ticket 7" && other.description == "MockTicket")
    #expect(ticket == ticket && ticket != other)
    #expect(Set([ticket, ticket, other]).count == 2)
    #expect(ticket.id == ObjectIdentifier(ticket))
    await ticket.punch()
    #expect(ticket.calls == [.punch])
  }

  @Test func actorProtocols_getActorMocks() async throws {
    let store = MockOrderStore(count: 2)
    try await store.save(Order(number: 1))
    #expect(store.count == 2)
    #expect(store.calls == [.save])
    #expect(store.arguments == [.save(Order(number: 1))])
    let journal = MockOrderJournal()
    await journal.note("opened")
    #expect(journal.calls == [.note("opened")])
  }

  @Test func internalProtocol_isMockedThroughTestableImport() async {
    let log = MockAuditLogging()
    await log.log(event: "opened")
    #expect(log.calls == [.log(event: "opened")])
  }

  @Test func failuresOfAGeneratedMock_nameTheLineThatCreatedIt() async {
    let line: UInt = #line + 3
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let listener = MockCheckoutListener()
        await listener.shopDidClose()
        let cart = MockCartServicing()
        _ = try? await cart.total()
      }
    }
    // The unread listener call, the unread cart call, the unstubbed read.
    #expect(issues.count == 3)
    // Strict checks report where the test created each mock; an unstubbed read is reported
    // where the generated mock reads the stub, and names where the test created it.
    let created = [line, line + 2].map { "\(#fileID):\($0)" }
    for issue in issues {
      let atCreation = issue.site.fileID == #fileID && [line, line + 2].contains(issue.site.line)
      let namesCreation = created.contains { issue.message.contains("was created at \($0))") }
      #expect(atCreation || namesCreation, "\(issue)")
    }
  }

  @Test @MainActor func unassertedCallsOfRoutersAndPresenters_nameTheLineThatCreatedThem() async {
    let line: UInt = #line + 3
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let router = MockCheckoutRouting()
        await router.detachReceipt()
        let presenter = MockCheckoutPresentable()
        presenter.present(total: 12)
      }
    }
    // One unasserted call of each mock, each reported where the test created the mock.
    #expect(issues.map(\.site.line).sorted() == [line, line + 2], "\(issues)")
    #expect(issues.allSatisfy { $0.site.fileID == #fileID }, "\(issues)")
  }

  @Test func genericMethod_recordsTheArgumentsConcreteType_andReturnsThroughItsHandler()
    async throws
  {
    let pantry = MockPantry(
      fetchHandler: { type, id, _ in type is Order.Type ? Order(number: Int(id) ?? 0) as Any : id },
      firstHandler: { items, _ in (items as? [Int])?.first as Any },
      countResult: Stub(3))
    let order = try await pantry.fetch(Order.self, id: "7")
    #expect(order == Order(number: 7))
    try await pantry.store(Order(number: 8))
    #expect(pantry.first(of: [4, 5]) == 4)
    #expect(pantry.count(["a", "b", "c"]) == 3)
    #expect(pantry.calls == [.fetch, .store, .first, .count])
    #expect(
      pantry.arguments == [
        .fetch(.init(Order.self), id: "7"), .store(.init(Order(number: 8))),
        .first(of: .init([4, 5])),
        .count(.init(["a", "b", "c"])),
      ])
    // The same description of another type is another argument.
    #expect(PantryCall.store(.init(Order(number: 8))) != .store(.init("Order(number: 8)")))
    #expect(
      String(describing: PantryCall.Argument(Order(number: 8))) == "Order(number: 8) as Order")
  }

  @Test func genericHandler_returningAnotherType_isReportedAndThrown() async {
    let pantry = MockPantry(firstHandler: { _, _ in 0 }, countResult: Stub(0))
    pantry.fetchHandler.value = { _, _, _ in "not an order" }
    let issues = await withIssueCollector {
      await #expect(throws: HandlerResultError.self) {
        _ = try await pantry.fetch(Order.self, id: "1")
      }
    }
    #expect(pantry.calls == [.fetch])
    #expect(pantry.arguments == [.fetch(.init(Order.self), id: "1")])
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.contains(
        "fetchHandler returned a value of type String, but this call returns Order") == true)
  }

  @Test func closureParameters_areRecordedByPosition_andKeptForTheTestToCall() async {
    let courier = MockCourier()
    let minutes = Mutex<[Int]>([])
    courier.deliver(Order(number: 1)) { result in
      minutes.withLock { $0.append((try? result.get()) ?? -1) }
    }
    courier.finish(nil)
    var visited = 0
    courier.eachPending { _ in visited += 1 }
    #expect(courier.calls == [.deliver, .finish, .eachPending])
    #expect(
      courier.arguments == [
        .deliver(Order(number: 1), completion: .any), .finish(nil), .eachPending(.any),
      ])
    // The test answers the delivery through the closure the mock kept.
    courier.arguments.first?.deliverCompletion?(.success(12))
    #expect(minutes.withLock { $0 } == [12])
    #expect(visited == 0)
    #expect(String(describing: CourierCall.eachPending(.any)) == "eachPending(<closure>)")
  }

  @Test @MainActor func mainActorClosure_isKept() async {
    let courier = MockCourier()
    var arrived: [Order] = []
    await courier.onArrival { arrived.append($0) }
    #expect(courier.calls == [.onArrival])
    #expect(courier.arguments == [.onArrival(.any)])
    if case .onArrival(let handler)? = courier.arguments.last {
      handler.function?(Order(number: 2))
    }
    #expect(arrived == [Order(number: 2)])
  }

  @Test func genericListenerMethod_recordsTheEventsConcreteType() async {
    let listener = MockCourierListener()
    await listener.courierDidReport(42)
    #expect(listener.calls == [.courierDidReport(.init(42))])
    #expect(listener.calls != [.courierDidReport(.init("42"))])
  }

  @Test func typedThrows_failureInjectionTakesThatErrorType() async throws {
    let menu = MockMenuLoading(loadResult: Stub(["ribs"]))
    menu.failNext(1, of: .load, with: LoadError.offline)
    await #expect(throws: LoadError.offline) { try await menu.load() }
    #expect(try await menu.load() == ["ribs"])
    menu.fail(.check, with: LoadError.offline)
    #expect(throws: LoadError.offline) { try menu.check("ribs") }
    menu.fail(.refresh, with: CancellationError())
    await #expect(throws: CancellationError.self) { try await menu.refresh() }
    #expect(menu.calls == [.load, .load, .check, .refresh])
    #expect(menu.arguments == [.check("ribs")])
  }

  @Test func typedThrows_anErrorOfAnotherType_isRefusedAtTheInjectionCall() async throws {
    let menu = MockMenuLoading(loadResult: Stub(["ribs"]))
    let line: UInt = #line + 2
    let issues = await withIssueCollector {
      menu.failNext(1, of: .load, with: SimulatedError())
      menu.fail(.check, with: CancellationError())
    }
    #expect(issues.count == 2)
    #expect(issues.first?.site.line == line)
    #expect(
      issues.first?.message.contains(
        "load throws only LoadError (typed throws), so it cannot fail with SimulatedError") == true)
    #expect(issues.last?.message.contains("the failure is not set") == true)
    // Nothing was set: the calls succeed.
    #expect(try await menu.load() == ["ribs"])
    try menu.check("ribs")
    #expect(menu.calls == [.load, .check])
    #expect(menu.arguments == [.check("ribs")])
  }

  @Test func typedThrows_theDefaultErrorOfAnotherType_isReportedAtTheCall() async throws {
    let menu = MockMenuLoading(loadResult: Stub(["ribs"]))
    menu.failingMethods = [.load]
    let issues = await withIssueCollector {
      let items = try? await menu.load()
      #expect(items == ["ribs"])
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.contains(
        "load was set to fail with SimulatedError, but it throws only LoadError") == true)
    #expect(menu.calls == [.load])
  }

  @Test func typedThrows_aCancelledHeldCall_throwsCancellationOnlyWhereTheTypeAllowsIt()
    async throws
  {
    let menu = MockMenuLoading(loadResult: Stub(["ribs"]))
    menu.hold(.load)
    menu.hold(.refresh)
    let load = Task { try await menu.load() }
    let refresh = Task { try await menu.refresh() }
    await menu.waitUntilHeld(.load)
    await menu.waitUntilHeld(.refresh)
    load.cancel()
    refresh.cancel()
    // `load` cannot throw a CancellationError: its cancelled call returns quietly.
    #expect(try await load.value == ["ribs"])
    await #expect(throws: CancellationError.self) { try await refresh.value }
    #expect(menu.calls.count == 2)
  }
}
