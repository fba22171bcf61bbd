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

  private let collected = Mutex<[NapkinIssue]>([])
  /// How many ``collect(isolation:_:)`` calls are running; objects created inside one report
  /// here only while it runs.
  private let collecting = Mutex(0)

  /// Creates an empty collector.
  public init() {}

  /// The issues collected so far, in the order they were reported.
  public var issues: [NapkinIssue] {
    collected.withLock { $0 }
  }

  /// Records `issue`.
  public func record(_ issue: NapkinIssue) {
    collected.withLock { $0.append(issue) }
  }

  /// Runs `body` with this collector receiving every issue reported inside it.
  public func collect<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    collecting.withLock { $0 += 1 }
    defer { collecting.withLock { $0 -= 1 } }
    return try await Self.$current.withValue(self) { try await body() }
  }

  /// Whether a ``collect(isolation:_:)`` call is running.
  var isOpen: Bool { collecting.withLock { $0 > 0 } }
}
