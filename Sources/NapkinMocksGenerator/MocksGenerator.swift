/// Generates NapkinTesting mocks for the protocols of a module from its symbol graph.
///
/// Each protocol gets one file, `Mock<Protocol>.swift`, whose shape follows the protocol: a
/// `BaseMockRouter` subclass for a router, a `RecordingPresenter` subclass for a presenter, a
/// `RecordingListener` for a class-bound protocol of async methods that neither throw nor return,
/// and a `MockService` for the rest. Inherited requirements of the module's own protocols are
/// included; those of napkin's protocols are provided by the base classes. What cannot be mocked
/// is reported as a ``MockDiagnostic`` and that protocol gets no file: never a mock that is
/// silently wrong.
///
/// Isolation: a `Sendable` value; generating is pure.
///
/// ```swift
/// let graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
/// let result = MocksGenerator(graph: graph).generate(["AuthServicing"])
/// for (file, source) in result.files { print(file, source) }
/// ```
public struct MocksGenerator: Sendable {
  /// The files generated and what could not be mocked.
  public struct Result: Sendable {
    /// Source by file name, such as `MockAuthServicing.swift`.
    public var files: [String: String] = [:]
    /// The shape each generated protocol got, by protocol name.
    public var shapes: [String: MockShape] = [:]
    /// What could not be mocked; those protocols got no file.
    public var diagnostics: [MockDiagnostic] = []
  }

  private let graph: SymbolGraph
  private let regenerate: String

  /// A generator for the module `graph` describes.
  ///
  /// - Parameters:
  ///   - graph: The module's symbol graph, internal declarations included to mock internal
  ///     protocols (through `@testable import`).
  ///   - regenerate: The command the files' header says regenerates them.
  public init(graph: SymbolGraph, regenerate: String = "napkin-mocks") {
    self.graph = graph
    self.regenerate = regenerate
  }

  /// The names of the module's protocols.
  public var protocolNames: [String] { ProtocolReader(graph).protocolNames }

  /// Generates a mock for each protocol in `names`; an unknown name is a diagnostic.
  public func generate(_ names: [String]) -> Result {
    let reader = ProtocolReader(graph)
    let reads = names.map { (name: $0, read: reader.read($0)) }
    let classBound = Set(
      reader.protocolNames.filter { reader.read($0)?.isClassBound ?? false })
    let testable = reads.contains { $0.read.map { !$0.isPublic } ?? false }
    let emitter = MockEmitter(
      module: graph.module.name, testable: testable, regenerate: regenerate,
      classBound: classBound)
    var result = Result()
    for (name, read) in reads {
      guard let read else {
        result.diagnostics.append(
          MockDiagnostic(
            protocolName: name, declaration: "protocol",
            reason: "\(graph.module.name) has no protocol of that name"))
        continue
      }
      let refused = read.diagnostics + Self.refusals(read)
      guard refused.isEmpty else {
        result.diagnostics += refused
        continue
      }
      result.files["Mock\(read.name).swift"] = emitter.source(for: read)
      result.shapes[read.name] = read.shape
    }
    return result
  }

  /// What a protocol's shape cannot hold.
  static func refusals(_ read: ReadProtocol) -> [MockDiagnostic] {
    var refused: [MockDiagnostic] = []
    func refuse(_ declaration: String, _ reason: String) {
      refused.append(
        MockDiagnostic(protocolName: read.name, declaration: declaration, reason: reason))
    }
    for method in read.methods where method.returnType != nil {
      switch read.shape {
      case .router, .presenter:
        refuse(
          method.name,
          "a \(read.shape.rawValue) method that returns a value has no stub here; write this "
            + "mock by hand, or return the value from a stub in a subclass")
      case .service where !method.isThrowing:
        refuse(
          method.name,
          "a method that returns a value without throwing cannot fail an unstubbed call; make "
            + "it throw, or write this method by hand")
      default: break
      }
    }
    for case .property(let name, let type, let settable) in read.properties {
      switch read.shape {
      case .router:
        refuse(name, "router properties are not mocked; write this mock by hand")
      case .service where MockEmitter.streamElement(type) == nil || settable:
        refuse(
          name,
          "only `var \(name): AsyncStream<T> { get }` properties are mocked (as a MockStream); "
            + "write this one by hand")
      default: break
      }
    }
    return refused
  }
}
