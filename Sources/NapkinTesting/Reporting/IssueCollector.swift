import NapkinMutex

/// A sink that keeps the issues NapkinTesting helpers report instead of failing the test.
///
/// Install one for a scope with ``withIssueCollector(isolation:_:)``. Objects created inside the
/// scope keep reporting to it even from other tasks, so the collector sees every issue they find.
///
/// Isolation: `Sendable`; its state sits behind a `Mutex`.
///
/// ```swift
/// let collector = IssueCollector()
/// await collector.collect { await recorder.waitForCalls(count: 1, timeout: .zero) }
/// #expect(collector.issues.count == 1)
/// ```
public final class IssueCollector: Sendable {
  @TaskLocal static var current: IssueCollector?

  private struct State {
    var issues: [NapkinIssue] = []
    /// How many ``collect(isolation:_:)`` calls are running; objects created inside one report
    /// here only while it runs.
    var collecting = 0
  }

  private let state = Mutex(State())
  /// Names this collector in a settle's vouch, where an address could be reused.
  let serial = Serial.next()

  /// Creates an empty collector.
  public init() { ToolkitObserver.installOnce() }

  /// The issues collected so far, in the order they were reported.
  public var issues: [NapkinIssue] {
    state.withLock { $0.issues }
  }

  /// Records `issue`.
  public func record(_ issue: NapkinIssue) {
    state.withLock { $0.issues.append(issue) }
  }

  /// Runs `body` with this collector receiving every issue reported inside it.
  public func collect<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    state.withLock { $0.collecting += 1 }
    defer { state.withLock { $0.collecting -= 1 } }
    return try await Self.$current.withValue(self) { try await body() }
  }

  /// Whether a ``collect(isolation:_:)`` call is running.
  var isOpen: Bool { state.withLock { $0.collecting > 0 } }
}
