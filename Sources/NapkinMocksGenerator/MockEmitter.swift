/// Writes the Swift source of one mock.
struct MockEmitter {
  let module: String
  let regenerate: String
  /// Class-bound protocols and classes: optional existentials of the module's protocols are held
  /// weakly by a presenter mock, and arguments of these types are recorded by identity.
  let classBound: Set<String>

  func source(for read: ReadProtocol) -> String {
    let body: [String]
    switch read.shape {
    case .router: body = recording(read, base: "BaseMockRouter")
    case .presenter: body = recording(read, base: "RecordingPresenter")
    case .listener: body = listener(read)
    case .service: body = service(read)
    case .holder: body = holder(read)
    }
    let locks = body.contains { $0.contains(": Mutex<") }
    var header = header(testable: !read.isPublic, synchronization: locks)
    if read.isView {
      header.insert(
        contentsOf: [
          "#if canImport(UIKit) && !os(watchOS)", "  import UIKit", "#elseif canImport(AppKit)",
          "  import AppKit", "#endif",
        ], at: header.count - 1)
    }
    return (header + body)
      .joined(separator: "\n") + "\n"
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
      // A router's async call can be held (by a test or the explorer): a presenter's cannot.
      lines.append(
        recordingMethod(
          method, in: read.methods, call: call, holdable: base != "RecordingPresenter"))
    }
    lines.append("}")
    return lines
  }

  /// One recording method: an async one of a router or listener records with `recordCall`, so
  /// a test or the explorer can hold it; any other with `record`.
  private func recordingMethod(
    _ method: Requirement.Method, in methods: [Requirement.Method], call: String, holdable: Bool
  ) -> String {
    let value = caseValue(method, in: methods, call: call)
    return holdable && method.isAsync
      ? "  \(signature(method)) { await recordCall(\(value)) }"
      : "  \(signature(method)) { record(\(value)) }"
  }

  private func listener(_ read: ReadProtocol) -> [String] {
    let call = "\(read.name)Call"
    var lines = callEnum(call, read.methods)
    var members = Members()
    members.stored.append("  \(Self.toolkitLet(read)) calls: CallRecorder<\(call)>")
    members.body.append("calls = CallRecorder(\"Mock\(read.name)\", \(Self.site))")
    extras(read, into: &members)
    lines += [
      "", "/// Records every call of `\(read.name)`.",
      "\(Self.kind(read)) Mock\(read.name): \(read.name), RecordingListener {",
    ]
    lines += members.declarations() + members.beforeMethods
    for method in read.methods {
      lines.append(recordingMethod(method, in: read.methods, call: call, holdable: true))
    }
    lines.append("}")
    return lines
  }

  private func holder(_ read: ReadProtocol) -> [String] {
    var members = Members()
    properties(read, into: &members)
    extras(read, into: &members)
    var lines = [
      "/// Mocks `\(read.name)`: holds the values its initializer is given.",
      "\(Self.kind(read)) Mock\(read.name): \(read.name) {",
    ]
    lines += members.declarations(site: false)
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
      "\(Self.kind(read)) Mock\(read.name): \(read.name), MockService {",
    ]
    var members = Members()
    members.stored.append("  \(Self.toolkitLet(read)) mock: MockServiceCore<\(methodEnum)>")
    members.body.append("mock = MockServiceCore(\"Mock\(read.name)\", \(Self.site))")
    if recordsArguments {
      members.stored.append("  \(Self.toolkitLet(read)) arguments: CallRecorder<\(call)>")
      members.body.append(
        "arguments = CallRecorder(\"Mock\(read.name).arguments\", exhaustive: false, \(Self.site))")
    }
    // Stubs and feeds are parameters of the initializer, so a test can pass its own: a stub
    // holding a value, a replaying stream. Created here, they name the test's line as theirs.
    // A method that cannot throw cannot fail an unstubbed call: its stub is required.
    for method in methods {
      guard let result = method.returnType else { continue }
      let key = caseName(method, in: methods)
      if method.returnsGeneric {
        // A result of the method's type parameter: a handler returns it, checked at the call.
        let name = key + "Handler"
        let type = handlerType(method)
        members.stored.append("  let \(name): Stub<\(type)>")
        if method.throwsAnyError {
          members.parameters.append("\(name): (\(type))? = nil")
          members.body += [
            "self.\(name) =",
            "  \(name).map { Stub($0, label: \"\(name)\", \(Self.site)) }",
            "  ?? Stub(label: \"\(name)\", \(Self.site))",
          ]
        } else {
          members.parameters.append("\(name): @escaping \(type)")
          members.body.append(
            "self.\(name) = Stub(\(name), label: \"\(name)\", \(Self.site))")
        }
      } else if let stream = StreamType(result) {
        members.feed(key, stream)
      } else if method.throwsAnyError {
        let name = key + "Result"
        members.stored.append("  let \(name): Stub<\(result)>")
        members.parameters.append("\(name): Stub<\(result)>? = nil")
        members.body.append("self.\(name) = \(name) ?? Stub(label: \"\(name)\", \(Self.site))")
      } else {
        let name = key + "Result"
        members.stored.append("  let \(name): Stub<\(result)>")
        members.parameters.append("\(name): Stub<\(result)>")
        members.body.append("self.\(name) = \(name)")
      }
    }
    properties(read, into: &members)
    extras(read, into: &members)
    // A method with typed throws: failure injection refuses another error type.
    for method in methods {
      guard let failure = method.thrownType else { continue }
      members.body.append(
        "mock.limitFailures(of: .\(caseName(method, in: methods)), to: \(failure).self)")
    }
    lines += members.declarations() + members.beforeMethods
    for method in methods {
      let key = caseName(method, in: methods)
      let stream = method.returnsGeneric ? nil : method.returnType.flatMap(StreamType.init)
      // A throwing stream from a method that cannot throw fails in the stream: `stream(_:from:)`
      // records the call, and the subscription throws the injected error, or waits while held.
      // A method that throws fails at the call, as one returning an `AsyncStream` does.
      let failsInStream = stream?.isThrowing == true && !method.isThrowing
      var body: [String] = []
      if !method.parameters.isEmpty {
        body.append("arguments.record(\(caseValue(method, in: methods, call: call)))")
      }
      let awaiting = method.isAsync ? "await " : ""
      if failsInStream {
        body.append("return stream(.\(key), from: \(key)Feed)")
      } else if let failure = method.thrownType {
        body.append("try \(awaiting)throwIfFailing(.\(key), as: \(failure).self)")
      } else if method.isThrowing {
        body.append("try \(awaiting)throwIfFailing(.\(key))")
      } else {
        body.append("\(awaiting)recordCall(.\(key))")
      }
      if let result = method.returnType, !failsInStream {
        if method.returnsGeneric {
          // The handler also gets the type the call returns, which no argument may name.
          let arguments = (method.parameters.map(\.name) + ["(\(result)).self"])
            .joined(separator: ", ")
          body.append(
            "return try\(method.throwsAnyError ? "" : "!") handled(\(key)Handler.get()(\(arguments)), "
              + "by: \"\(key)Handler\")")
        } else if stream != nil {
          body.append("return \(key)Feed.stream()")
        } else {
          // Unset by the test, the stub reports the unstubbed call; one that cannot throw stops.
          body.append("return try\(method.throwsAnyError ? "" : "!") \(key)Result.get()")
        }
      }
      lines.append("  \(signature(method)) {")
      lines += body.map { "    \($0)" }
      lines.append("  }")
    }
    lines.append("}")
    return lines
  }

  // MARK: Members

  /// The stored members of a mock, its initializer's parameters and body, and its accessors.
  private struct Members {
    var stored: [String] = []
    var parameters: [String] = []
    var body: [String] = []
    var accessors: [String] = []
    var functions: [String] = []

    /// A `MockStream`, or a `MockThrowingStream` for a throwing `stream`, fed by the test, for
    /// a stream named `name`.
    mutating func feed(_ name: String, _ stream: StreamType) {
      let feed = stream.feed
      stored.append("  let \(name)Feed: \(feed)<\(stream.element)>")
      parameters.append("\(name)Feed: \(feed)<\(stream.element)>? = nil")
      body.append("self.\(name)Feed = \(name)Feed ?? \(feed)(label: \"\(name)\")")
    }

    /// A blank line before the methods, unless accessors (as these always did) precede them.
    var beforeMethods: [String] { functions.isEmpty && !accessors.isEmpty ? [] : [""] }

    /// The declarations, the initializer (taking the creation site if `site`), the accessors
    /// and functions, in that order.
    func declarations(site: Bool = true) -> [String] {
      let initializer =
        site
        ? MockEmitter.siteInit(body, parameters: parameters)
        : ["  /// Creates the mock, holding the values given."]
          + ["  init(\(parameters.joined(separator: ", "))) {"] + body.map { "    \($0)" } + ["  }"]
      var lines = (stored.isEmpty ? [] : stored + [""]) + initializer
      if !accessors.isEmpty || !functions.isEmpty { lines.append("") }
      return lines + accessors + functions
    }
  }

  /// A property each: a stream fed by the test, a `let` or a `var` set through the initializer
  /// (behind a lock where the mock is a `Sendable` class).
  private func properties(_ read: ReadProtocol, into members: inout Members) {
    let locked = !read.isActor && (read.shape == .service || read.isSendable)
    for case .property(let name, let type, let settable) in read.properties {
      // A property is no case of the method enum, whose keys are the protocol's methods, so it
      // has no call to record, fail or hold: a throwing stream property subscribes to its feed
      // alone, and a test ends it with an error through the feed (`fail(with:)`, `cancel()`).
      if !settable, let stream = StreamType(type) {
        members.feed(name, stream)
        members.accessors.append("  var \(name): \(type) { \(name)Feed.stream() }")
        continue
      }
      members.parameters.append("\(name): \(type)" + (type.hasSuffix("?") ? " = nil" : ""))
      if !settable {
        members.stored.append("  let \(name): \(type)")
        members.body.append("self.\(name) = \(name)")
      } else if locked {
        members.stored.append("  private let \(name)Storage: Mutex<\(type)>")
        members.body.append("\(name)Storage = Mutex(\(name))")
        members.accessors += [
          "  var \(name): \(type) {",
          "    get { \(name)Storage.withLock { $0 } }",
          "    set { \(name)Storage.withLock { $0 = newValue } }",
          "  }",
        ]
      } else {
        members.stored.append("  var \(name): \(type)")
        members.body.append("self.\(name) = \(name)")
      }
    }
  }

  /// The requirements of standard protocols it refines: a stored `description`, identity-based
  /// `==` and `hash(into:)`. `Identifiable` has its `id` from the standard library.
  private func extras(_ read: ReadProtocol, into members: inout Members) {
    let declared = Set(
      read.properties.compactMap { if case .property(let name, _, _) = $0 { name } else { nil } })
    if read.outside.contains("Swift.CustomStringConvertible"), !declared.contains("description") {
      members.stored.append("  nonisolated let description: String")
      members.parameters.append("description: String = \"Mock\(read.name)\"")
      members.body.append("self.description = description")
    }
    if read.isView {
      // `ViewControllable`'s requirement on Apple platforms, where UIKit or AppKit exist.
      members.functions += [
        "  #if canImport(UIKit) && !os(watchOS)",
        "    /// A plain view controller standing in for the real one.",
        "    lazy var uiviewController: UIViewController = UIViewController()",
        "  #elseif canImport(AppKit)",
        "    /// A plain view controller standing in for the real one.",
        "    lazy var nsviewController: NSViewController = NSViewController()",
        "  #endif",
      ]
    }
    let hashable = read.outside.contains("Swift.Hashable")
    if hashable || read.outside.contains("Swift.Equatable") {
      members.functions.append(
        "  nonisolated static func == (lhs: Mock\(read.name), rhs: Mock\(read.name)) -> Bool "
          + "{ lhs === rhs }")
    }
    if hashable {
      members.functions.append(
        "  nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }"
      )
    }
  }

  /// `actor` for a protocol refining `Actor`, a main-actor `final class` for a view, `final
  /// class` otherwise.
  static func kind(_ read: ReadProtocol) -> String {
    read.isActor ? "actor" : read.isView ? "@MainActor\nfinal class" : "final class"
  }

  /// How a toolkit member is stored: `nonisolated` in an actor, to meet nonisolated requirements.
  static func toolkitLet(_ read: ReadProtocol) -> String {
    read.isActor ? "nonisolated let" : "let"
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

  private func header(testable: Bool, synchronization: Bool) -> [String] {
    // The command, wrapped at spaces so that no line is longer than the formatter allows.
    var command = ["// with `"]
    for word in "\(regenerate)`.".split(separator: " ") {
      let last = command[command.count - 1]
      if last.count + word.count + 1 > 100 && last.count > 8 {
        command.append("//   \(word)")
      } else {
        command[command.count - 1] = last + (last.hasSuffix("`") ? "" : " ") + word
      }
    }
    return [
      "// Generated by napkin-mocks from the symbol graph of \(module). Do not edit: regenerate"
    ] + command + [
      "",
      "import NapkinTesting",
      "import napkin",
      testable ? "@testable import \(module)" : "import \(module)",
    ] + (synchronization ? ["import Synchronization"] : []) + [""]
  }

  private func callEnum(_ name: String, _ methods: [Requirement.Method]) -> [String] {
    var lines = [
      "/// The calls a mock records, one case per method, with its arguments.",
      "nonisolated enum \(name): Equatable, Sendable {",
    ]
    var byIdentity = false
    var generic = false
    var closures = false
    var accessors: [String] = []
    for (method, caseName) in zip(methods, caseNames(methods)) {
      let payload = method.parameters.map { parameter in
        var type = parameter.type
        switch parameter.recording {
        case .generic:
          generic = true
          type = "Argument"
        case .closure(let function, let optional):
          closures = true
          type = "Closure<\(function ?? "Never")>" + (optional ? "?" : "")
        case .value:
          if let optional = identity(of: parameter.type) {
            byIdentity = true
            type = optional ? "Instance?" : "Instance"
          }
        }
        return parameter.label.map { "\($0): \(type)" } ?? type
      }
      lines.append(
        "  case \(caseName)" + (payload.isEmpty ? "" : "(\(payload.joined(separator: ", ")))"))
      // A kept closure gets an accessor, so a test calls it: `calls.last?.loadCompletion?(…)`.
      for (index, parameter) in method.parameters.enumerated() {
        guard case .closure(let function?, let optional) = parameter.recording else { continue }
        let pattern = method.parameters.indices.map {
          $0 == index ? "let closure" + (optional ? "?" : "") : "_"
        }
        accessors += [
          "",
          "  /// The `\(parameter.name)` closure of a call of `\(method.name)`, to call it; `nil` "
            + "for another call.",
          "  var \(caseName)\(parameter.name.capitalizedFirst): (\(function))? {",
          "    if case .\(caseName)(\(pattern.joined(separator: ", "))) = self { closure.function } "
            + "else { nil }",
          "  }",
        ]
      }
    }
    lines += accessors
    if byIdentity {
      lines += [
        "",
        "  /// An instance recorded by identity: equal to a recording of the same instance (`===`",
        "  /// while it lives), printed as its type. Record one with `.init(instance)`.",
        "  nonisolated struct Instance: Equatable, Sendable, CustomStringConvertible {",
        "    /// The instance's identity.",
        "    let identity: ObjectIdentifier",
        "    /// The instance's type.",
        "    let type: String",
        "",
        "    /// Records `instance` by identity.",
        "    init(_ instance: AnyObject) {",
        "      identity = ObjectIdentifier(instance)",
        "      type = String(describing: Swift.type(of: instance))",
        "    }",
        "",
        "    var description: String { \"<\\(type) instance>\" }",
        "  }",
      ]
    }
    if generic {
      lines += [
        "",
        "  /// An argument of a generic type, recorded by its concrete type's name and its",
        "  /// description: equal to a recording of an equal-looking value of the same type.",
        "  /// Record one with `.init(value)`.",
        "  nonisolated struct Argument: Equatable, Sendable, CustomStringConvertible {",
        "    /// The argument's concrete type, such as `Order`.",
        "    let type: String",
        "    /// The argument's description.",
        "    let value: String",
        "",
        "    /// Records `argument` by its type and description.",
        "    init(_ argument: Any) {",
        "      type = String(describing: Swift.type(of: argument))",
        "      value = String(describing: argument)",
        "    }",
        "",
        "    var description: String { \"\\(value) as \\(type)\" }",
        "  }",
      ]
    }
    if closures {
      lines += [
        "",
        "  /// A closure argument, recorded at its position: equal to any closure there, printed as",
        "  /// `<closure>`. A call keeps an escaping `Sendable` closure in `function`, for the test",
        "  /// to call; `.any` stands for it in an expected call.",
        "  nonisolated struct Closure<Function: Sendable>: Equatable, Sendable,",
        "    CustomStringConvertible",
        "  {",
        "    /// The closure the mock was called with; `nil` in `.any`, or when it is not kept.",
        "    let function: Function?",
        "",
        "    /// Keeps `function`.",
        "    init(_ function: Function) { self.function = function }",
        "",
        "    private init() { function = nil }",
        "",
        "    /// A closure, in an expected call.",
        "    static var any: Self { Self() }",
        "",
        "    static func == (lhs: Self, rhs: Self) -> Bool { true }",
        "",
        "    var description: String { \"<closure>\" }",
        "  }",
      ]
    }
    lines.append("}")
    return lines
  }

  /// Whether arguments of `type` are recorded by identity: `false` for a class-bound type,
  /// `true` for an optional one, `nil` for a type recorded as it is.
  private func identity(of type: String) -> Bool? {
    func bound(_ name: String) -> Bool {
      let bare = name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
      return bare == "AnyObject" || classBound.contains(bare)
    }
    if type.hasPrefix("("), type.hasSuffix(")?") {
      return bound(String(type.dropFirst().dropLast(2))) ? true : nil
    }
    if type.hasSuffix("?") { return bound(String(type.dropLast())) ? true : nil }
    return bound(type) ? false : nil
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

  /// The case name of `method` among `methods`.
  private func caseName(_ method: Requirement.Method, in methods: [Requirement.Method]) -> String {
    caseNames(methods)[methods.firstIndex(of: method) ?? 0]
  }

  private func caseValue(
    _ method: Requirement.Method, in methods: [Requirement.Method], call: String
  ) -> String {
    let name = caseName(method, in: methods)
    guard !method.parameters.isEmpty else { return ".\(name)" }
    let arguments = method.parameters.map { parameter in
      var value = parameter.name
      switch parameter.recording {
      case .generic: value = "\(call).Argument(\(value))"
      case .closure(nil, false): value = "\(call).Closure<Never>.any"
      case .closure(nil, true): value = "\(value).map { _ in \(call).Closure<Never>.any }"
      case .closure(_?, false): value = "\(call).Closure(\(value))"
      case .closure(_?, true): value = "\(value).map { \(call).Closure($0) }"
      case .value:
        switch identity(of: parameter.type) {
        case false?: value = "\(call).Instance(\(value))"
        case true?: value = "\(value).map { \(call).Instance($0) }"
        case nil: break
        }
      }
      return parameter.label.map { "\($0): \(value)" } ?? value
    }
    return ".\(name)(\(arguments.joined(separator: ", ")))"
  }

  private func signature(_ method: Requirement.Method) -> String {
    let parameters = method.parameters.map { parameter -> String in
      switch parameter.label {
      case nil: "_ \(parameter.name): \(parameter.type)"
      case parameter.name: "\(parameter.name): \(parameter.type)"
      case let label?: "\(label) \(parameter.name): \(parameter.type)"
      }
    }
    let generics =
      method.genericParameters.isEmpty
      ? "" : "<\(method.genericParameters.joined(separator: ", "))>"
    var text = "func \(method.name)\(generics)(\(parameters.joined(separator: ", ")))"
    if method.isAsync { text += " async" }
    if let failure = method.thrownType {
      text += " throws(\(failure))"
    } else if method.isThrowing {
      text += " throws"
    }
    if let result = method.returnType { text += " -> \(result)" }
    if !method.constraints.isEmpty {
      text += " where \(method.constraints.joined(separator: ", "))"
    }
    return text
  }

  /// The type of a generic method's handler: its parameters, generic ones as `Any`, then the
  /// type the call returns, to `Any`.
  private func handlerType(_ method: Requirement.Method) -> String {
    let parameters = method.parameters.map { parameter in
      parameter.recording == .generic
        || Requirement.mentions(parameter.type, method.genericParameters)
        ? "Any" : parameter.type
    }
    return "@Sendable (\((parameters + ["Any.Type"]).joined(separator: ", "))) -> Any"
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
