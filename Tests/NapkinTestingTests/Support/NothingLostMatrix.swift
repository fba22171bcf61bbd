import Foundation
import NapkinMutex
import NapkinTesting

/// A kind of toolkit failure in the "nothing is lost" matrix.
enum MatrixKind: String, CaseIterable, Sendable {
  /// A wait that times out: `waitForCalls` on a recorder nothing records to.
  case timeout
  /// A read of a `Stub` the test never set.
  case unstubbed
  /// A call of a mock service still held when the test's checks end.
  case heldAtEnd
  /// An awaited leak check (`expectDeallocated`) of an object still alive.
  case leak
  /// An end-of-test leak check (`expectDeallocatedAtEnd`) of an object still alive.
  case leakAtEnd
  /// A call recorded under strict checks that no assertion read.
  case strict
  /// A misuse of the toolkit: a negative hold timeout.
  case misuse

  /// Whether the failure needs end-of-test checks (strict ones) to exist at all.
  var needsChecks: Bool {
    switch self {
    case .heldAtEnd, .leakAtEnd, .strict: true
    case .timeout, .unstubbed, .leak, .misuse: false
    }
  }

  /// Words of the failure's message; a report naming any of them is this failure.
  var messages: [String] {
    switch self {
    case .timeout: ["Timed out"]
    case .unstubbed: ["Unstubbed call"]
    case .heldAtEnd: ["still held when the test ended"]
    case .leak: ["was not deallocated"]
    // Off the scope's task, or after the scope closed, the check cannot be made: that misuse is
    // the failure.
    case .leakAtEnd:
      [
        "was not deallocated", "was called outside withNapkinChecks",
        "was called after the test's checks ended",
      ]
    case .strict: ["Strict checks"]
    case .misuse: ["must not be negative"]
    }
  }
}

/// Where in a test a failure arises.
enum MatrixPlace: String, CaseIterable, Sendable {
  /// On the test's own task.
  case test
  /// In a child task of the test (`async let`).
  case childTask
  /// In an unstructured `Task {}` the test awaits.
  case task
  /// In a `Task.detached {}` the test awaits.
  case detached
  /// In a `Task {}` the test started and left running: the failure arises after the test ended,
  /// on an object the test created.
  case afterEnd
}

/// The test frameworks of the matrix.
enum MatrixFramework: String, CaseIterable, Sendable {
  /// A Swift Testing `@Test`, with `.napkinChecks(strict: true)` for the kinds that need checks.
  case swiftTesting
  /// A plain `XCTestCase`, with `withNapkinChecks(strict: true)` for the kinds that need checks.
  case xcTest
  /// A `NapkinTestCase` with strict checks.
  case napkinTestCase

  /// Work the framework's probes leave running past their test.
  var leftovers: Leftovers {
    switch self {
    case .swiftTesting: Leftovers.swiftTesting
    case .xcTest: Leftovers.xcTest
    case .napkinTestCase: Leftovers.napkinTestCase
    }
  }
}

/// Where a probe created its toolkit objects.
struct MatrixSite: Sendable {
  let fileID: String
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// How failure messages name the site, up to the column.
  var prefix: String { "\(fileID):\(line):" }
}

/// The method of ``MatrixService``.
enum MatrixMethod: Hashable, Sendable {
  case call
}

/// A mock service created where a probe says.
final class MatrixService: MockService {
  let mock: MockServiceCore<MatrixMethod>

  init(createdAt site: MatrixSite) {
    mock = MockServiceCore(
      "MatrixService", fileID: site.fileID, filePath: site.filePath, line: site.line,
      column: site.column)
  }

  func call() async throws {
    try await throwIfFailing(.call)
  }
}

/// An object that lives as long as the process: every leak check of it fails.
final class KeptAlive: Sendable {}

/// The object the leak probes check.
let keptAlive = KeptAlive()

/// Work that probes leave running past their test; the last probe of the framework lets it run,
/// after the tests that left it ended, and waits for it.
final class Leftovers: Sendable {
  static let swiftTesting = Leftovers()
  static let xcTest = Leftovers()
  static let napkinTestCase = Leftovers()

  private let testsEnded = Gate()
  private let tasks = Mutex<[Task<Void, Never>]>([])

  /// Runs `failure` in a `Task {}` of the current test, once ``runAfterTheirTestsEnded()`` is
  /// called.
  func leave(_ failure: @escaping @Sendable () async -> Void) {
    let task = Task { [testsEnded] in
      await testsEnded.wait()
      await failure()
    }
    tasks.withLock { $0.append(task) }
  }

  /// Lets the left work run, and returns when it ended.
  func runAfterTheirTestsEnded() async {
    testsEnded.open()
    for task in tasks.withLock({ $0 }) { await task.value }
  }
}

/// One probe of the matrix: makes a kind of failure arise in a place, from a test of a framework.
enum MatrixProbe {
  /// The line a probe writes before it fails, naming its cell and where it created its objects.
  static func marker(_ framework: MatrixFramework, _ kind: MatrixKind, _ place: MatrixPlace)
    -> String
  {
    "napkin-matrix: \(framework.rawValue)/\(kind.rawValue)/\(place.rawValue) created at "
  }

  /// Makes `kind` of failure arise in `place`, with the toolkit objects created at the caller's
  /// line (for `afterEnd`, created on the test's task and failing once the test ended).
  static func run(
    _ kind: MatrixKind, in place: MatrixPlace, for framework: MatrixFramework,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = MatrixSite(fileID: fileID, filePath: filePath, line: line, column: column)
    FileHandle.standardError.write(
      Data("\(marker(framework, kind, place))\(site.prefix)\n".utf8))
    switch place {
    case .test:
      await fail(kind, createdAt: site)
    case .childTask:
      async let failed: Void = fail(kind, createdAt: site)
      await failed
    case .task:
      await Task { await fail(kind, createdAt: site) }.value
    case .detached:
      await Task.detached { await fail(kind, createdAt: site) }.value
    case .afterEnd:
      framework.leftovers.leave(prepare(kind, createdAt: site))
    }
  }

  private static func fail(_ kind: MatrixKind, createdAt site: MatrixSite) async {
    await prepare(kind, createdAt: site)()
  }

  /// Creates the objects of `kind`'s failure at `site`, and returns the work that fails.
  private static func prepare(_ kind: MatrixKind, createdAt site: MatrixSite)
    -> @Sendable () async -> Void
  {
    switch kind {
    case .timeout:
      let recorder = CallRecorder<Int>(
        "matrix.timeout", fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column)
      return { await recorder.waitForCalls(count: 1, timeout: .milliseconds(20)) }
    case .unstubbed:
      let stub = Stub<Int>(
        label: "matrix.unstubbed", fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column)
      return { _ = try? stub.get() }
    case .heldAtEnd:
      let service = MatrixService(createdAt: site)
      return {
        // Never released: the process ends long before the hold expires.
        service.hold(
          .call, timeout: .seconds(600), fileID: site.fileID, filePath: site.filePath,
          line: site.line, column: site.column)
        Task { try? await service.call() }
        await service.waitUntilHeld(.call)
      }
    case .leak:
      // Started now, on the test's task, as work the test leaves running would be; its object
      // is returned once the work is let go.
      let gate = Gate()
      let check = Task {
        _ = await expectDeallocated(
          fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
        ) {
          await gate.wait()
          return keptAlive
        }
      }
      return {
        gate.open()
        await check.value
      }
    case .leakAtEnd:
      return {
        expectDeallocatedAtEnd(
          keptAlive, fileID: site.fileID, filePath: site.filePath, line: site.line,
          column: site.column)
      }
    case .strict:
      let recorder = CallRecorder<Int>(
        "matrix.strict", fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column)
      return { recorder.record(1) }
    case .misuse:
      let service = MatrixService(createdAt: site)
      return { service.hold(.call, timeout: .seconds(-1)) }
    }
  }
}
