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

  /// The protocols whose doc comment has a line `napkin-mocks: exclude`: left out of a
  /// whole-module run and its check, as `--exclude` leaves them.
  public var excludedProtocolNames: [String] {
    graph.symbols.filter { symbol in
      symbol.kind.identifier == "swift.protocol"
        && (symbol.docComment?.lines ?? []).contains {
          $0.text.split(separator: " ").joined(separator: " ") == Self.excludeMarker
        }
    }.map(\.names.title).sorted()
  }

  /// The doc-comment line that leaves a protocol out.
  public static let excludeMarker = "napkin-mocks: exclude"

  /// Generates a mock for each protocol in `names`; an unknown name is a diagnostic.
  public func generate(_ names: [String]) -> Result {
    let reader = ProtocolReader(graph)
    let reads = names.map { (name: $0, read: reader.read($0)) }
    let classBound = Set(
      reader.protocolNames.filter { reader.read($0)?.isClassBound ?? false })
    let emitter = MockEmitter(
      module: graph.module.name, regenerate: regenerate,
      classBound: classBound.union(Self.napkinClassBound).union(reader.classNames))
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

  /// napkin's class-bound protocols, whose existentials a call enum records by identity.
  static let napkinClassBound: Set<String> = [
    "Routing", "ViewableRouting", "LaunchRouting", "Presentable", "ViewControllable", "Buildable",
    "Dependency", "Interactable", "PresentableInteractable",
  ]

  /// The protocols of other modules a mock can refine: their requirements are none, provided by
  /// the mock's base class, or written by the generator (`description`, `==`, `hash(into:)`).
  static let understood: Set<String> = [
    "Swift.Sendable", "Swift.SendableMetatype", "Swift.Copyable", "Swift.Escapable",
    "Swift.Error", "Swift.CustomStringConvertible", "Swift.Equatable", "Swift.Hashable",
    "Swift.Identifiable", "_Concurrency.Actor", "napkin.Routing", "napkin.ViewableRouting",
    "napkin.LaunchRouting", "napkin.Presentable", "napkin.Buildable", "napkin.Dependency",
    "napkin.ViewControllable",
  ]

  /// What a protocol's shape cannot hold.
  static func refusals(_ read: ReadProtocol) -> [MockDiagnostic] {
    var refused: [MockDiagnostic] = []
    func refuse(_ declaration: String, _ reason: String) {
      refused.append(
        MockDiagnostic(protocolName: read.name, declaration: declaration, reason: reason))
    }
    let unknown = read.outside.subtracting(understood).sorted()
    if !unknown.isEmpty {
      let hint =
        unknown.contains("napkin.Interactable")
        ? "an interactor is tested itself, not mocked: mock its listener protocols instead"
        : "write this mock by hand, or leave it out with --exclude \(read.name)"
      let names = unknown.map { "`\($0)`" }.joined(separator: ", ")
      refuse(
        "protocol",
        "refines \(names), whose requirements are not in this module's symbol graph; \(hint)")
    }
    let subclass = read.shape == .router || read.shape == .presenter
    if subclass && read.isView {
      refuse(
        "protocol",
        "a \(read.shape.rawValue) mock subclasses its base class and cannot also be a view; "
          + "write this mock by hand")
    }
    if subclass && read.isActor {
      refuse("protocol", "an actor cannot subclass the \(read.shape.rawValue) base class")
    }
    let extras = ["Swift.CustomStringConvertible", "Swift.Equatable", "Swift.Hashable"]
    if subclass, let extra = extras.first(where: read.outside.contains) {
      refuse(
        "protocol",
        "a \(read.shape.rawValue) mock does not write `\(extra)`'s requirements; write this "
          + "mock by hand")
    }
    for method in read.methods where method.returnType != nil && subclass {
      refuse(
        method.name,
        "a \(read.shape.rawValue) method that returns a value has no stub here; write this "
          + "mock by hand, or return the value from a stub in a subclass")
    }
    for case .property(let name, let type, _) in read.properties {
      switch read.shape {
      case .router:
        refuse(name, "router properties are not mocked; write this mock by hand")
      case .presenter where !type.hasSuffix("?"):
        refuse(
          name,
          "a presenter's non-optional property has no initial value; write this mock by hand")
      default: break
      }
    }
    return refused
  }
}
