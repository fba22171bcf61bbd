import NapkinTesting
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
}
