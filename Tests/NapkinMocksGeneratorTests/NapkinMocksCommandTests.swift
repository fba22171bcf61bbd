import Dispatch
import Foundation
import Testing

/// The `napkin-mocks` command, run as a user runs it on a symbol graph: its exit status, what it
/// prints, and what it writes.
@Suite struct NapkinMocksCommandTests {
  /// What one run printed and how it ended.
  struct Outcome: Sendable {
    let status: Int32
    let output: String
    let errors: String
  }

  /// A scratch directory holding `Shop.symbols.json`, where the command runs.
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("napkin-mocks-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("graphs"), withIntermediateDirectories: true)
    var builder = GraphBuilder()
    builder.addProtocol(
      "Catalog", declaration: "protocol Catalog : Sendable", outside: ["Swift.Sendable"])
    builder.addMethod("count()", of: "Catalog", effects: "async throws", returns: "Int")
    builder.addProtocol(
      "Audit", declaration: "protocol Audit : AnyObject, Sendable", access: "internal")
    builder.addMethod("log()", of: "Audit", effects: "async")
    builder.addProtocol("Loader")
    builder.addMethod(
      "zip(_:)", of: "Loader", parameters: [("values", "repeat each T")], generics: ["T"])
    try builder.json().write(to: directory.appendingPathComponent("graphs/Shop.symbols.json"))
  }

  /// The command built beside the tests.
  private static var tool: URL? {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    return candidates.map { $0.appendingPathComponent("napkin-mocks") }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }

  /// Runs the command on a dispatch thread: waiting for a process blocks its thread, which must
  /// not be one of the few the concurrency runtime shares with every other test.
  private func run(_ arguments: [String]) async throws -> Outcome {
    let tool: URL = try #require(Self.tool, "build napkin-mocks first")
    let directory = directory
    return try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          with: Result { try Self.runBlocking(tool, arguments, in: directory) })
      }
    }
  }

  private static func runBlocking(
    _ tool: URL, _ arguments: [String], in directory: URL
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = tool
    process.arguments = ["--symbol-graph-dir", "graphs", "--module", "Shop"] + arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let reported = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
      errors: String(decoding: reported, as: UTF8.self))
  }

  private func file(_ path: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func refusals_areWarnings_theOthersAreWritten_andTheCommandSucceeds() async throws {
    let outcome = try await run(["--output", "Mocks"])
    #expect(outcome.status == 0)
    #expect(
      outcome.errors.contains("napkin-mocks: warning: not mocked: Loader.zip(_:): a parameter pack")
    )
    #expect(try file("Mocks/MockCatalog.swift").contains("final class MockCatalog"))
    #expect(try file("Mocks/MockAudit.swift").contains("final class MockAudit"))
  }

  @Test func strict_makesRefusalsErrors_withStatus2() async throws {
    let outcome = try await run(["--output", "Mocks", "--strict"])
    #expect(outcome.status == 2)
    #expect(outcome.errors.contains("napkin-mocks: error: not mocked: Loader.zip(_:)"))
  }

  @Test func exclude_leavesAProtocolOut() async throws {
    let outcome = try await run(["--output", "Mocks", "--strict", "--exclude", "Loader"])
    #expect(outcome.status == 0)
    #expect(outcome.errors.isEmpty)
  }

  @Test func usageErrors_exitWithStatus3() async throws {
    #expect(try await run(["--output", "Mocks", "--frobnicate"]).status == 3)
  }

  @Test func check_afterAWholeModuleRun_findsNothingStale() async throws {
    #expect(try await run(["--output", "Mocks", "--exclude", "Loader"]).status == 0)
    let check = try await run(["--output", "Mocks", "--exclude", "Loader", "--check"])
    #expect(check.status == 0, "\(check.output)\(check.errors)")
  }

  @Test func checkWithProtocol_afterAWholeModuleRun_findsNothingStale_norFlipsTestable()
    async throws
  {
    #expect(try await run(["--output", "Mocks", "--regenerate", "make mocks"]).status == 0)
    // A public protocol's mock imports the module plainly, an internal one's through @testable,
    // whichever protocols a run names.
    #expect(try file("Mocks/MockCatalog.swift").contains("\nimport Shop\n"))
    #expect(try file("Mocks/MockAudit.swift").contains("\n@testable import Shop\n"))
    for name in ["Catalog", "Audit"] {
      let check = try await run([
        "--output", "Mocks", "--regenerate", "make mocks", "--protocol", name, "--check",
      ])
      #expect(check.status == 0, "\(check.output)\(check.errors)")
    }
  }

  @Test func protocolAndOutput_areInTheRegenerateLine_andTheCheckPassesWithThem() async throws {
    let options = ["--output", "Custom/Mocks", "--protocol", "Catalog"]
    #expect(try await run(options).status == 0)
    let header = try file("Custom/Mocks/MockCatalog.swift")
    // Wrapped at spaces, the command is the one that was run, without --check.
    let command = header.split(separator: "`")[1].replacingOccurrences(of: "\n//   ", with: " ")
    #expect(
      command
        == "napkin-mocks --symbol-graph-dir graphs --module Shop --output Custom/Mocks "
        + "--protocol Catalog")
    #expect(try await run(options + ["--check"]).status == 0)
  }

  @Test func staleCheckWithProtocolAndOutput_printsTheCheckedInPath_andTheFullCommand() async throws
  {
    let options = ["--output", "Custom/Mocks", "--protocol", "Catalog"]
    #expect(try await run(options).status == 0)
    let path = directory.appendingPathComponent("Custom/Mocks/MockCatalog.swift")
    try (try file("Custom/Mocks/MockCatalog.swift") + "// edited\n").write(
      to: path, atomically: true, encoding: .utf8)
    let check = try await run(options + ["--check"])
    #expect(check.status == 1)
    #expect(check.output.contains("--- Custom/Mocks/MockCatalog.swift\n"))
    #expect(
      check.errors.contains(
        "the mocks in Custom/Mocks are stale; run `napkin-mocks --symbol-graph-dir graphs "
          + "--module Shop --output Custom/Mocks --protocol Catalog`"))
  }

  @Test func checkWithoutProtocol_reportsAMissingMock() async throws {
    #expect(try await run(["--output", "Mocks", "--exclude", "Loader"]).status == 0)
    try FileManager.default.removeItem(
      at: directory.appendingPathComponent("Mocks/MockAudit.swift"))
    let check = try await run(["--output", "Mocks", "--exclude", "Loader", "--check"])
    #expect(check.status == 1)
    #expect(check.output.contains("Mocks/MockAudit.swift: missing"))
  }
}
