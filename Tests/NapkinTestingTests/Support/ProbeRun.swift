import Foundation

/// Runs probes of this test binary in a child process: their failures must fail that run.
struct ProbeRun {
  let status: Int32
  let output: String

  static func swiftTesting(_ probe: String) async throws -> ProbeRun {
    try await run([
      "--testing-library", "swift-testing", "--filter", "NothingLostProbes/\(probe)",
    ])
  }

  static func xcTest(_ testCase: String) async throws -> ProbeRun {
    try await run(["NapkinTestingTests.\(testCase)"])
  }

  /// Runs every probe of a Swift Testing suite in one child process.
  static func swiftTestingSuite(_ suite: String) async throws -> ProbeRun {
    try await run(["--testing-library", "swift-testing", "--filter", suite])
  }

  /// Runs every test of the XCTest test cases, in this order, in one child process.
  static func xcTest(_ testCases: [String]) async throws -> ProbeRun {
    try await run([testCases.map { "NapkinTestingTests.\($0)" }.joined(separator: ",")])
  }

  /// Runs the child with its output in a temporary file, and awaits its exit without blocking a
  /// thread of the cooperative pool.
  private static func run(_ arguments: [String]) async throws -> ProbeRun {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("napkin-probe-\(UUID().uuidString).log")
    guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    defer { try? FileManager.default.removeItem(at: log) }
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NAPKIN_RUN_PROBES"] = "1"
    process.environment = environment
    process.standardOutput = handle
    process.standardError = handle
    let status = try await withCheckedThrowingContinuation {
      (exit: CheckedContinuation<Int32, any Error>) in
      process.terminationHandler = { exit.resume(returning: $0.terminationStatus) }
      do { try process.run() } catch { exit.resume(throwing: error) }
    }
    let output = try String(contentsOf: log, encoding: .utf8)
    return ProbeRun(status: status, output: output)
  }
}
