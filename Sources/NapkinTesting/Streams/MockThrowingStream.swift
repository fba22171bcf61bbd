/// A stream a mock service pushes that can fail: send values, then finish it, or fail it with a
/// chosen error or `CancellationError`, so the branch where a live screen loses its feed is tested.
///
/// Every ``stream()`` is an independent `AsyncThrowingStream` subscription, like a real
/// multi-subscriber service (prices, presence, a download's progress, a socket). Replaying
/// (`MockThrowingStream(replaying: initial)`) mirrors a state stream: a new subscriber gets the
/// latest value first; without replay, a subscriber gets only what is sent after it subscribed,
/// so a test awaits ``waitForSubscribers(count:timeout:fileID:filePath:line:column:)`` first.
/// Values already sent are delivered before the end; then each subscriber's `for try await`
/// ends, or throws the error.
///
/// A consumer waiting for its next value parks its bound task, so `settle(_:)` sees it waiting on
/// the test; sending, finishing or failing marks it busy again before it returns. In a strict test
/// (`.napkinChecks(strict: true)`), a subscription still live when the test ends fails it: the test
/// never checked how the feed ends. A value sent after the end is dropped, and a strict test fails.
///
/// Isolation: `Sendable`; its state sits behind a `Mutex`, and values are handed over outside
/// user code.
///
/// ```swift
/// final class MockQuotes: QuoteServicing, MockService {
///   nonisolated enum Method: Hashable, Sendable { case quotes }
///   let mock = MockServiceCore<Method>("MockQuotes")
///   let feed = MockThrowingStream<Quote>(label: "quotes")
///   func quotes() -> AsyncThrowingStream<Quote, any Error> { stream(.quotes, from: feed) }
/// }
/// // in the test:
/// await quotes.feed.waitForSubscribers()
/// quotes.feed.send(Quote(price: 101))
/// quotes.feed.fail(with: QuoteError.disconnected)
/// ```
public final class MockThrowingStream<Element: Sendable>: Sendable {
  let feed: StreamFeed<Element>
  var label: String { feed.label }

  /// A state stream: each subscriber gets the latest value first, starting with `initial`.
  public init(
    replaying initial: Element, label: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    feed = StreamFeed(
      label: label ?? "MockThrowingStream<\(Element.self)>", replaying: .some(initial))
    watchConsumers(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// An event stream: each subscriber gets only the values sent after it subscribed.
  public init(
    label: String? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    feed = StreamFeed(label: label ?? "MockThrowingStream<\(Element.self)>", replaying: nil)
    watchConsumers(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The number of live subscriptions.
  public var subscriberCount: Int { feed.subscriberCount }

  /// The latest value sent (or the initial one), for a replaying stream; `nil` otherwise.
  public var latest: Element? { feed.latest }

  /// A new, independent subscription.
  ///
  /// After the stream ended, a new subscription yields the latest value (if replaying), then
  /// ends the same way.
  public func stream() -> AsyncThrowingStream<Element, any Error> {
    let subscription = feed.subscribe()
    return AsyncThrowingStream(unfolding: { try await subscription.next() })
  }

  /// Delivers `value` to every live subscription (and keeps it for later ones, if replaying).
  ///
  /// A consumer waiting for the value is marked busy before `send` returns. After the end the
  /// value is dropped, and a strict test fails at its end, naming it.
  public func send(_ value: Element) {
    guard let dropped = feed.send(value) else { return }
    StreamChecks.sentAfterEnd(dropped, on: feed, label: label, end: "the stream ended")
  }

  /// Ends every subscription normally, as a feed that completes: `for try await` loops end.
  public func finish() {
    feed.end(.finished)
  }

  /// Ends every subscription by throwing `error` from it, after the values already sent: the
  /// feed failed.
  ///
  /// - Parameter error: What every subscriber's `for try await` throws; a ``SimulatedError`` by
  ///   default.
  public func fail(with error: any Error = SimulatedError()) {
    feed.end(.failed(error))
  }

  /// Ends every subscription by throwing `CancellationError`, as a feed cancelled under its
  /// consumers.
  public func cancel() {
    feed.end(.failed(CancellationError()))
  }

  /// Suspends until `count` subscriptions were made in total (live or not).
  ///
  /// Await it before sending on an event stream, so the subscriber cannot miss the value. On
  /// timeout, reports a failure and returns `false`.
  ///
  /// - Parameters:
  ///   - count: The number of subscriptions to wait for; at least 1.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  public func waitForSubscribers(
    count: Int = 1, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await StreamChecks.waitForSubscribers(
      count: count, of: feed, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// In a strict test, fails it at its end if a subscription is still live there: the work that
  /// iterates it never saw the feed end.
  private func watchConsumers(_ site: CallSite) {
    guard let scope = TestScope.owning, scope.isStrict else { return }
    scope.registerEndCheck(for: self) { [weak feed] _ in
      guard let feed, !feed.hasEnded else { return [] }
      let live = feed.subscriberCount
      guard live > 0 else { return [] }
      return [
        NapkinIssue(
          "\(feed.label) still had \(live) subscriber\(live == 1 ? "" : "s") when the test ended, "
            + "never finished or failed, so the test never checked how the feed ends: finish() it, "
            + "fail(with:) it, or end the work that iterates it.",
          at: site)
      ]
    }
  }
}
