extension MockService {
  /// Records a call of `method` and returns a new subscription to `feed`, failing it the way a
  /// failing service would: when `method` is set to fail (``failingMethods``, `fail(_:with:)`,
  /// `failNext`), the stream throws that error at its first element.
  ///
  /// Write a mocked stream method with it, so failure injection, holds and explorations reach the
  /// stream: a held call (`hold(method)`, or `scenario.answers(service, …)`) holds the stream's
  /// first element until released, then goes on as the settings say; the explorer answers it
  /// with success (the feed's values), a failure or a cancellation, and a fault sweep covers it.
  ///
  /// ```swift
  /// func quotes() -> AsyncThrowingStream<Quote, any Error> { stream(.quotes, from: feed) }
  /// // in the test:
  /// service.failingMethods = [.quotes]   // the next subscription throws at once
  /// ```
  ///
  /// - Parameters:
  ///   - method: The mocked method.
  ///   - feed: The stream that feeds the subscription when the call does not fail.
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  public func stream<Element: Sendable>(
    _ method: Method, from feed: MockThrowingStream<Element>, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> AsyncThrowingStream<Element, any Error> {
    let core = mock
    switch core.start(method, sweeps: true) {
    case .proceed(let error?):
      return AsyncThrowingStream(unfolding: { throw error })
    case .proceed(nil):
      return feed.stream()
    case .hold:
      // The subscription is made now, so nothing sent meanwhile is lost; its first element waits
      // while the call is held.
      let subscription = feed.feed.subscribe {
        if let error = try await core.failureAfterHold(method) { throw error }
      }
      return AsyncThrowingStream(unfolding: { try await subscription.next() })
    }
  }
}
