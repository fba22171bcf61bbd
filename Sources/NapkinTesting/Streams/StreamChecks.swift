/// What ``MockStream`` and ``MockThrowingStream`` check alike: a wait for subscribers, a value
/// sent after the end, and, for a throwing stream, consumers left waiting when a strict test ends.
enum StreamChecks {
  /// Suspends until `count` subscriptions of `feed` were made; reports and returns `false` on a
  /// misuse or a timeout.
  static func waitForSubscribers<Element>(
    count: Int, of feed: StreamFeed<Element>, timeout: Duration, at site: CallSite
  ) async -> Bool {
    let subscriptions = feed.subscriptions
    let awaited = "\(count) subscriber\(count == 1 ? "" : "s") of \(feed.label)"
    guard count >= 1, timeout >= .zero else {
      subscriptions.owner.report(
        "waitForSubscribers(count: \(count), timeout: \(timeout)) on \(feed.label): count must be "
          + "at least 1 and the timeout not negative.", at: site)
      return false
    }
    subscriptions.owner.flush()
    if await subscriptions.suspendQuietly(until: .count(count), timeout: timeout) { return true }
    let made = subscriptions.countWithoutAsserting
    subscriptions.owner.report(
      "Timed out after \(timeout) waiting for \(awaited); \(made) subscription"
        + "\(made == 1 ? " was" : "s were") made. Subscribe (start the code that iterates "
        + "stream()) before sending.", at: site)
    return false
  }

  /// In a strict test, fails it at its end for the values `dropped` on the stream `label` after
  /// its `end` (`finish()`).
  static func sentAfterEnd(_ dropped: [String], on stream: AnyObject, label: String, end: String) {
    guard let scope = TestScope.owning, scope.isStrict else { return }
    // Replaces the check registered by an earlier dropped send: this one lists them all.
    scope.registerEndCheck(for: stream) { site in
      [
        NapkinIssue(
          "\(label) was sent \(dropped.count == 1 ? "a value" : "\(dropped.count) values") after "
            + "\(end) (\(Listing.items(dropped))), which no subscriber got: send before "
            + "\(end == "finish()" ? "finishing" : "ending it"), or leave the send out.", at: site)
      ]
    }
  }
}
