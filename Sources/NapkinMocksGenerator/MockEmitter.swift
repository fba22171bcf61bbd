/// Writes the Swift source of one mock.
struct MockEmitter {
  let module: String
  let testable: Bool
  let regenerate: String
  /// The module's class-bound protocols, whose optional existentials a mock holds weakly.
  let classBound: Set<String>

  func source(for read: ReadProtocol) -> String {
    var lines = header()
    switch read.shape {
    case .router: lines += recording(read, base: "BaseMockRouter")
    case .presenter: lines += recording(read, base: "RecordingPresenter")
    case .listener: lines += listener(read)
    case .service: lines += service(read)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: Shapes

  private func recording(_ read: ReadProtocol, base: String) -> [String] {
    let call = "\(read.name)Call"
    var lines = callEnum(call, read.methods)
    lines += [
      "", "/// Records every call of `\(read.name)`.",
      "final class Mock\(read.name): \(base)<\(call)>, \(read.name) {",
    ]
    lines += read.properties.map { storedProperty($0) }
    for method in read.methods {
      lines.append("  \(signature(method)) { record(\(caseValue(method, in: read.methods))) }")
    }
    lines.append("}")
    return lines
  }

  private func listener(_ read: ReadProtocol) -> [String] {
    let call = "\(read.name)Call"
    var lines = callEnum(call, read.methods)
    lines += [
      "", "/// Records every call of `\(read.name)`.",
      "final class Mock\(read.name): \(read.name), RecordingListener {",
      "  let calls: CallRecorder<\(call)>",
      "",
    ]
    lines += Self.siteInit(["calls = CallRecorder(\"Mock\(read.name)\", \(Self.site))"])
    lines.append("")
    for method in read.methods {
      lines.append("  \(signature(method)) { record(\(caseValue(method, in: read.methods))) }")
    }
    lines.append("}")
    return lines
  }

  private func service(_ read: ReadProtocol) -> [String] {
    let methodEnum = "\(read.name)Method"
    let call = "\(read.name)Call"
    let methods = read.methods
    let recordsArguments = methods.contains { !$0.parameters.isEmpty }
    var lines = [
      "/// The methods of `\(read.name)`: the keys of its mock's failure injection.",
      "nonisolated enum \(methodEnum): Hashable, Sendable {",
    ]
    lines += caseNames(methods).map { "  case \($0)" }
    lines.append("}")
    if recordsArguments {
      lines += [""] + callEnum(call, methods)
    }
    lines += [
      "",
      "/// Mocks `\(read.name)`: its methods record, fail, hold or return stubs.",
      "final class Mock\(read.name): \(read.name), MockService {",
      "  let mock: MockServiceCore<\(methodEnum)>",
    ]
    var body = ["mock = MockServiceCore(\"Mock\(read.name)\", \(Self.site))"]
    if recordsArguments {
      lines.append("  let arguments: CallRecorder<\(call)>")
      body.append(
        "arguments = CallRecorder(\"Mock\(read.name).arguments\", exhaustive: false, \(Self.site))")
    }
    // Stubs and feeds are parameters of the initializer, so a test can pass its own: a stub
    // holding a value, a replaying stream. Created here, they name the test's line as theirs.
    var parameters: [String] = []
    for method in methods {
      if let result = method.returnType {
        let name = stubName(method, in: methods)
        lines.append("  let \(name): Stub<\(result)>")
        parameters.append("\(name): Stub<\(result)>? = nil")
        body.append("self.\(name) = \(name) ?? Stub(label: \"\(name)\", \(Self.site))")
      }
    }
    for property in read.properties {
      if case .property(let name, let type, _) = property, let element = Self.streamElement(type) {
        lines.append("  let \(name)Feed: MockStream<\(element)>")
        parameters.append("\(name)Feed: MockStream<\(element)>? = nil")
        body.append("self.\(name)Feed = \(name)Feed ?? MockStream(label: \"\(name)\")")
      }
    }
    lines.append("")
    lines += Self.siteInit(body, parameters: parameters)
    lines.append("")
    for property in read.properties {
      if case .property(let name, let type, _) = property {
        lines.append("  var \(name): \(type) { \(name)Feed.stream() }")
      }
    }
    let names = caseNames(methods)
    for (method, key) in zip(methods, names) {
      var body: [String] = []
      if !method.parameters.isEmpty {
        body.append("arguments.record(\(caseValue(method, in: methods)))")
      }
      let awaiting = method.isAsync ? "await " : ""
      if method.isThrowing {
        body.append("try \(awaiting)throwIfFailing(.\(key))")
      } else {
        body.append("\(awaiting)recordCall(.\(key))")
      }
      if method.returnType != nil {
        body.append("return try \(stubName(method, in: methods)).get()")
      }
      lines.append("  \(signature(method)) {")
      lines += body.map { "    \($0)" }
      lines.append("  }")
    }
    lines.append("}")
    return lines
  }

  // MARK: Pieces

  /// The arguments passing the creation site on.
  static let site = "fileID: fileID, filePath: filePath, line: line, column: column"

  /// An initializer taking `parameters` and the creation site, so the toolkit objects it creates
  /// report strict checks and unstubbed reads at the test's line.
  static func siteInit(_ body: [String], parameters: [String] = []) -> [String] {
    var lines = [
      "  /// Creates the mock; its failures name the line that created it. Keep the defaults.",
      "  init(",
    ]
    lines += parameters.map { "    \($0)," }
    lines += [
      "    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,",
      "    column: UInt = #column",
      "  ) {",
    ]
    lines += body.map { "    \($0)" }
    lines.append("  }")
    return lines
  }

  private func header() -> [String] {
    [
      "// Generated by napkin-mocks from the symbol graph of \(module). Do not edit: regenerate",
      "// with `\(regenerate)`.",
      "",
      "import NapkinTesting",
      "import napkin",
      testable ? "@testable import \(module)" : "import \(module)",
      "",
    ]
  }

  private func callEnum(_ name: String, _ methods: [Requirement.Method]) -> [String] {
    var lines = [
      "/// The calls a mock records, one case per method, with its arguments.",
      "nonisolated enum \(name): Equatable, Sendable {",
    ]
    for (method, caseName) in zip(methods, caseNames(methods)) {
      let payload = method.parameters.map { parameter in
        parameter.label.map { "\($0): \(parameter.type)" } ?? parameter.type
      }
      lines.append(
        "  case \(caseName)" + (payload.isEmpty ? "" : "(\(payload.joined(separator: ", ")))"))
    }
    lines.append("}")
    return lines
  }

  /// One case name per method: its base name, followed by its labels where base names repeat.
  private func caseNames(_ methods: [Requirement.Method]) -> [String] {
    let counts = Dictionary(methods.map { ($0.name, 1) }, uniquingKeysWith: +)
    return methods.map { method in
      guard counts[method.name, default: 0] > 1 else { return method.name }
      return method.name
        + method.parameters.map { ($0.label ?? $0.name).capitalizedFirst }.joined()
    }
  }

  private func caseValue(_ method: Requirement.Method, in methods: [Requirement.Method]) -> String {
    let index = methods.firstIndex(of: method) ?? 0
    let name = caseNames(methods)[index]
    guard !method.parameters.isEmpty else { return ".\(name)" }
    let arguments = method.parameters.map { parameter in
      parameter.label.map { "\($0): \(parameter.name)" } ?? parameter.name
    }
    return ".\(name)(\(arguments.joined(separator: ", ")))"
  }

  private func stubName(_ method: Requirement.Method, in methods: [Requirement.Method]) -> String {
    let index = methods.firstIndex(of: method) ?? 0
    return caseNames(methods)[index] + "Result"
  }

  private func signature(_ method: Requirement.Method) -> String {
    let parameters = method.parameters.map { parameter -> String in
      switch parameter.label {
      case nil: "_ \(parameter.name): \(parameter.type)"
      case parameter.name: "\(parameter.name): \(parameter.type)"
      case let label?: "\(label) \(parameter.name): \(parameter.type)"
      }
    }
    var text = "func \(method.name)(\(parameters.joined(separator: ", ")))"
    if method.isAsync { text += " async" }
    if method.isThrowing { text += " throws" }
    if let result = method.returnType { text += " -> \(result)" }
    return text
  }

  private func storedProperty(_ property: Requirement) -> String {
    guard case .property(let name, let type, _) = property else { return "" }
    if let inner = Self.optionalExistential(type), classBound.contains(inner) {
      return "  weak var \(name): \(type)"
    }
    return "  var \(name): \(type)"
  }

  /// `X` for `(any X)?`.
  static func optionalExistential(_ type: String) -> String? {
    guard type.hasPrefix("(any "), type.hasSuffix(")?") else { return nil }
    return String(type.dropFirst(5).dropLast(2))
  }

  /// `T` for `AsyncStream<T>`.
  static func streamElement(_ type: String) -> String? {
    guard type.hasPrefix("AsyncStream<"), type.hasSuffix(">") else { return nil }
    return String(type.dropFirst("AsyncStream<".count).dropLast())
  }
}

extension ReadProtocol {
  var methods: [Requirement.Method] {
    requirements.compactMap { if case .method(let method) = $0 { method } else { nil } }
  }

  var properties: [Requirement] {
    requirements.filter { if case .property = $0 { true } else { false } }
  }
}

extension String {
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
