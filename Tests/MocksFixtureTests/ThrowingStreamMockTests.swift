import NapkinTesting
import Testing

@testable import MocksFixture

/// The generated mock of a service whose feeds can fail (`OrderTracking`), used as a consumer's
/// test uses it. The same file, and the generated mocks, are compiled in
/// MocksFixtureMainActorTests with the main actor as default isolation.
@Suite(.napkinChecks(strict: true))
struct ThrowingStreamMockTests {
  @Test func streamMethod_deliversWhatTheFeedSends_thenThrowsTheFeedsError() async {
    let tracking = MockOrderTracking()
    let consumer = Task { await Self.drain(tracking.placedOrders()) }
    await tracking.placedOrdersFeed.waitForSubscribers()
    tracking.placedOrdersFeed.send(Order(number: 1))
    tracking.placedOrdersFeed.send(Order(number: 2))
    tracking.placedOrdersFeed.fail(with: LoadError.offline)
    let seen = await consumer.value
    #expect(seen.values == [Order(number: 1), Order(number: 2)])
    #expect(seen.error as? LoadError == .offline)
    #expect(tracking.calls == [.placedOrders])
  }

  @Test func failingStreamMethod_throwsAtOnce_andRecordsTheCall() async throws {
    let tracking = MockOrderTracking(readinessFeed: MockThrowingStream(replaying: 5))
    tracking.failingMethods = [.readiness]
    let failed = await Self.drain(tracking.readiness(of: Order(number: 3)))
    #expect(failed.values.isEmpty)
    #expect(failed.error is SimulatedError)
    tracking.fail(.readiness, with: CancellationError())
    let cancelled = await Self.drain(tracking.readiness(of: Order(number: 4)))
    #expect(cancelled.values.isEmpty)
    #expect(cancelled.error is CancellationError)
    tracking.stopFailing(.readiness)
    var ready = await tracking.readiness(of: Order(number: 5)).makeAsyncIterator()
    #expect(try await ready.next() == 5)
    tracking.readinessFeed.finish()
    #expect(try await ready.next() == nil)
    #expect(tracking.calls == [.readiness, .readiness, .readiness])
    #expect(
      tracking.arguments == [
        .readiness(of: Order(number: 3)), .readiness(of: Order(number: 4)),
        .readiness(of: Order(number: 5)),
      ])
  }

  @Test func throwingMethod_failsAtTheCall_beforeAnyStream() async throws {
    let tracking = MockOrderTracking()
    tracking.failingMethods = [.reconnect]
    await #expect(throws: SimulatedError.self) { _ = try await tracking.reconnect() }
    tracking.failingMethods = []
    let orders = try await tracking.reconnect()
    tracking.reconnectFeed.send(Order(number: 8))
    tracking.reconnectFeed.finish()
    let seen = await Self.drain(orders)
    #expect(seen.values == [Order(number: 8)])
    #expect(seen.error == nil)
    #expect(tracking.calls == [.reconnect, .reconnect])
  }

  @Test func streamProperties_areFedByTheirFeeds_andEndAsTheFeedsEnd() async {
    let tracking = MockOrderTracking(statusFeed: MockThrowingStream(replaying: "open"))
    let status = Task { await Self.drain(tracking.status) }
    let openCount = Task { await Self.drain(tracking.openCount) }
    await tracking.statusFeed.waitForSubscribers()
    await tracking.openCountFeed.waitForSubscribers()
    tracking.statusFeed.send("busy")
    tracking.statusFeed.cancel()
    tracking.openCountFeed.send(2)
    tracking.openCountFeed.finish()
    let statuses = await status.value
    #expect(statuses.values == ["open", "busy"])
    #expect(statuses.error is CancellationError)
    let counts = await openCount.value
    #expect(counts.values == [2])
    #expect(counts.error == nil)
    // A property is no method of the mock: reading it records no call.
    #expect(tracking.calls.isEmpty)
  }

  /// What a consumer of `stream` sees: every value until the stream ends, and the error it
  /// throws, if any.
  private static func drain<Element: Sendable>(
    _ stream: AsyncThrowingStream<Element, any Error>
  ) async -> (values: [Element], error: (any Error)?) {
    var values: [Element] = []
    do {
      for try await value in stream { values.append(value) }
      return (values, nil)
    } catch {
      return (values, error)
    }
  }
}
