/// Reads the protocols of a symbol graph: their requirements, inherited ones included, and the
/// mock shape each gets.
struct ProtocolReader {
  let graph: SymbolGraph
  private let symbols: [String: SymbolGraph.Symbol]

  init(_ graph: SymbolGraph) {
    self.graph = graph
    symbols = Dictionary(
      graph.symbols.map { ($0.identifier.precise, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The module's classes, by name: a call enum records their instances by identity.
  var classNames: Set<String> {
    Set(graph.symbols.filter { $0.kind.identifier == "swift.class" }.map(\.names.title))
  }

  /// The protocols of the module, by name.
  var protocolNames: [String] {
    graph.symbols.filter { $0.kind.identifier == "swift.protocol" }.map(\.names.title).sorted()
  }

  /// The protocol named `name`, read; `nil` if the module has none of that name.
  func read(_ name: String) -> ReadProtocol? {
    guard
      let symbol = graph.symbols.first(where: {
        $0.kind.identifier == "swift.protocol" && $0.names.title == name
      })
    else { return nil }
    var requirements: [Requirement] = []
    var diagnostics: [MockDiagnostic] = []
    var outside: Set<String> = []
    var visited: Set<String> = []
    collect(
      symbol.identifier.precise, into: &requirements, &diagnostics, outside: &outside,
      visited: &visited, for: name)
    // Class-bound when it, or one of the module's protocols it refines, says `AnyObject`.
    let isClassBound =
      outside.contains("_Concurrency.Actor")
      || outside.contains { $0.hasPrefix("napkin.") }
      || visited.contains { id in
        symbols[id]?.declarationFragments?.text.contains("AnyObject") ?? false
      }
    return ReadProtocol(
      name: name, isPublic: symbol.accessLevel == "public" || symbol.accessLevel == "open",
      isClassBound: isClassBound,
      requirements: requirements, diagnostics: diagnostics,
      shape: Self.shape(outside: outside, requirements: requirements, isClassBound: isClassBound),
      outside: outside)
  }

  private static func shape(
    outside: Set<String>, requirements: [Requirement], isClassBound: Bool
  ) -> MockShape {
    let routing: Set = ["napkin.Routing", "napkin.ViewableRouting", "napkin.LaunchRouting"]
    if !outside.isDisjoint(with: routing) { return .router }
    if outside.contains("napkin.Presentable") { return .presenter }
    let listenerShaped = requirements.allSatisfy { requirement in
      guard case .method(let method) = requirement else { return false }
      return method.isAsync && !method.isThrowing && method.returnType == nil
    }
    if isClassBound && listenerShaped && !requirements.isEmpty { return .listener }
    // Methods, or streams (a service's failure injection and stream feeds, as these always had).
    let serviceLike = requirements.contains { requirement in
      switch requirement {
      case .method: true
      case .property(_, let type, _): StreamType(type) != nil
      }
    }
    return serviceLike ? .service : .holder
  }

  /// Adds the requirements of protocol `id` and of the module's protocols it refines; notes the
  /// protocols it refines from other modules in `outside`.
  private func collect(
    _ id: String, into requirements: inout [Requirement], _ diagnostics: inout [MockDiagnostic],
    outside: inout Set<String>, visited: inout Set<String>, for protocolName: String
  ) {
    guard visited.insert(id).inserted else { return }
    for relationship in graph.relationships
    where relationship.source == id
      && (relationship.kind == "conformsTo" || relationship.kind == "inheritsFrom")
    {
      if let parent = symbols[relationship.target], parent.kind.identifier == "swift.protocol" {
        collect(
          relationship.target, into: &requirements, &diagnostics, outside: &outside,
          visited: &visited, for: protocolName)
      } else if let fallback = relationship.targetFallback {
        outside.insert(fallback)
      }
    }
    let members = graph.relationships
      .filter { $0.kind == "requirementOf" && $0.target == id }
      .compactMap { symbols[$0.source] }
    for member in members {
      switch Self.requirement(member) {
      case .success(let requirement): requirements.append(requirement)
      case .failure(let reason):
        diagnostics.append(
          MockDiagnostic(
            protocolName: protocolName, declaration: member.names.title, reason: reason.text))
      }
    }
  }

  /// Why a requirement cannot be mocked.
  struct Refusal: Error {
    let text: String
  }

  private static func requirement(_ symbol: SymbolGraph.Symbol) -> Result<Requirement, Refusal> {
    let declaration = symbol.declarationFragments?.text ?? symbol.names.title
    let types =
      (symbol.functionSignature?.parameters ?? []).map { $0.declarationFragments?.text ?? "" }
      + [symbol.functionSignature?.returns?.text ?? "", declaration]
    if types.contains(where: { Requirement.mentions($0, ["Self"]) }) {
      return .failure(
        Refusal(
          text: "a requirement mentioning `Self` is about the conforming type, which a mock's "
            + "stub and call enum cannot name; write it by hand"))
    }
    switch symbol.kind.identifier {
    case "swift.method":
      return method(symbol, declaration: declaration)
    case "swift.property":
      return property(symbol, declaration: declaration)
    case "swift.type.method", "swift.type.property":
      return .failure(
        Refusal(text: "a static requirement has no instance to record it; write it by hand"))
    case "swift.subscript":
      return .failure(Refusal(text: "subscripts are not mocked; write it by hand"))
    case "swift.associatedtype":
      return .failure(
        Refusal(
          text: "a protocol with an associated type needs a concrete type chosen; write the "
            + "mock by hand"))
    case "swift.init":
      return .failure(Refusal(text: "initializer requirements are not mocked; write it by hand"))
    default:
      return .failure(Refusal(text: "\(symbol.kind.identifier) is not mocked; write it by hand"))
    }
  }

  private static func method(
    _ symbol: SymbolGraph.Symbol, declaration: String
  ) -> Result<Requirement, Refusal> {
    let title = symbol.names.title
    guard let open = title.firstIndex(of: "(") else {
      return .failure(Refusal(text: "cannot read the method's name"))
    }
    let name = String(title[..<open])
    let labels = title[title.index(after: open)...].dropLast().split(separator: ":").map(
      String.init)
    let parameters = symbol.functionSignature?.parameters ?? []
    guard labels.count == parameters.count else {
      return .failure(Refusal(text: "cannot read the method's parameters"))
    }
    let generics = symbol.swiftGenerics?.parameters?.map(\.name) ?? []
    var read: [Requirement.Method.Parameter] = []
    for (label, parameter) in zip(labels, parameters) {
      let text = parameter.declarationFragments?.text ?? ""
      guard let colon = text.firstRange(of: ": ") else {
        return .failure(Refusal(text: "cannot read the type of \(parameter.name)"))
      }
      let type = String(text[colon.upperBound...])
      if type.hasPrefix("inout ") {
        return .failure(Refusal(text: "an inout parameter cannot be recorded; write it by hand"))
      }
      if type.hasPrefix("repeat ") {
        return .failure(
          Refusal(
            text: "a parameter pack (`\(type)`) has no one value to record or return; write "
              + "this method by hand"))
      }
      if type.contains("...") {
        return .failure(Refusal(text: "variadic parameters are not mocked; write it by hand"))
      }
      let generic = type.hasPrefix("some ") || Requirement.mentions(type, generics)
      let recording: Requirement.Method.Parameter.Recording
      if let closure = Closure(type) {
        recording = .closure(
          function: closure.isKept && !generic ? closure.function : nil,
          optional: closure.isOptional)
      } else if type.contains("->") {
        return .failure(
          Refusal(
            text: "a parameter whose type holds closures, without being one, has nothing to "
              + "record them by; write this method by hand"))
      } else {
        recording = generic ? .generic : .value
      }
      read.append(
        .init(
          label: label == "_" ? nil : label, name: parameter.internalName ?? parameter.name,
          type: type, recording: recording))
    }
    let keywords = Set(
      (symbol.declarationFragments ?? []).filter { $0.kind == "keyword" }.map(\.spelling))
    let effects = Effects(declaration, name: name)
    if keywords.contains("mutating") {
      return .failure(Refusal(text: "mutating methods need a value-type mock; write it by hand"))
    }
    if effects.isRethrowing {
      return .failure(Refusal(text: "rethrowing methods take a closure; write it by hand"))
    }
    if generics.contains(where: { declaration.contains("each \($0)") }) {
      return .failure(
        Refusal(
          text: "a parameter pack (`each`) has no one value to record or return; write this "
            + "method by hand"))
    }
    var returns = symbol.functionSignature?.returns?.text ?? "()"
    if let stream = StreamType(returns) {
      guard stream.isFeedable else { return .failure(unfeedable(stream)) }
      returns = stream.declared
    }
    // Constraints on the method's own parameters; those of `some P` parameters are in their
    // types.
    let constraints = (symbol.swiftGenerics?.constraints ?? []).compactMap {
      constraint -> String? in
      let base = constraint.lhs.split(separator: ".").first.map(String.init) ?? ""
      guard generics.contains(base) else { return nil }
      return constraint.kind == "sameType"
        ? "\(constraint.lhs) == \(constraint.rhs)" : "\(constraint.lhs): \(constraint.rhs)"
    }
    return .success(
      .method(
        .init(
          name: name, parameters: read, isAsync: effects.isAsync,
          isThrowing: effects.isThrowing,
          returnType: returns == "()" || returns == "Void" ? nil : returns,
          genericParameters: generics, constraints: constraints,
          thrownType: effects.thrownType)))
  }

  /// A method's effects, read after its parameter list: a closure parameter's `async` or
  /// `throws` is not the method's.
  struct Effects {
    var isAsync = false
    var isThrowing = false
    var isRethrowing = false
    /// `E` of `throws(E)`; `nil` for untyped `throws` (and `throws(any Error)`).
    var thrownType: String?

    init(_ declaration: String, name: String) {
      guard let start = declaration.firstRange(of: "func \(name)"),
        let open = declaration[start.upperBound...].firstIndex(of: "(")
      else { return }
      var depth = 0
      var close = declaration.endIndex
      for index in declaration[open...].indices {
        if declaration[index] == "(" { depth += 1 }
        if declaration[index] == ")" {
          depth -= 1
          if depth == 0 {
            close = index
            break
          }
        }
      }
      guard close < declaration.endIndex else { return }
      var rest = declaration[declaration.index(after: close)...]
      // The result type may hold a function type's effects.
      if let arrow = rest.firstRange(of: "->") { rest = rest[..<arrow.lowerBound] }
      if let clause = rest.firstRange(of: " where ") { rest = rest[..<clause.lowerBound] }
      let words = rest.split(separator: " ")
      isAsync = words.contains("async")
      isRethrowing = words.contains("rethrows")
      isThrowing = words.contains { $0 == "throws" || $0.hasPrefix("throws(") }
      if let typed = rest.firstRange(of: "throws("),
        let end = rest[typed.upperBound...].lastIndex(of: ")")
      {
        let type = String(rest[typed.upperBound..<end])
        thrownType = type == "any Error" || type == "Error" || type == "Never" ? nil : type
        // `throws(Never)` does not throw.
        if type == "Never" { isThrowing = false }
      }
    }
  }

  /// A closure parameter's type: whether a call can keep it, and the type it is kept as.
  struct Closure {
    /// The function type without `@escaping` or `@autoclosure`, unwrapped if optional.
    let function: String
    /// Whether the parameter is an optional closure (implicitly escaping).
    let isOptional: Bool
    /// Whether a `Sendable` call enum can keep it: escaping and `Sendable` (`@Sendable`, or
    /// isolated to a global actor).
    let isKept: Bool

    /// Reads `type`; `nil` unless it is a function type or an optional one.
    init?(_ type: String) {
      var text = type
      var isOptional = false
      if text.hasPrefix("("), text.hasSuffix(")?"),
        Self.closingParenthesis(of: text) == text.index(text.endIndex, offsetBy: -2)
      {
        text = String(text.dropFirst().dropLast(2))
        isOptional = true
      }
      var attributes: [String] = []
      while text.hasPrefix("@") {
        let end = text.firstIndex(of: " ") ?? text.endIndex
        attributes.append(String(text[..<end]))
        text = String(text[end...].drop { $0 == " " })
      }
      // A function type: `(…)`, then effects, then `->`.
      guard text.hasPrefix("("), let close = Self.closingParenthesis(of: text) else { return nil }
      var rest = text[text.index(after: close)...].drop { $0 == " " }
      for effect in ["async", "throws"] where rest.hasPrefix(effect) {
        rest = rest.dropFirst(effect.count)
        if effect == "throws", rest.hasPrefix("("), let end = rest.firstIndex(of: ")") {
          rest = rest[rest.index(after: end)...]
        }
        rest = rest.drop { $0 == " " }
      }
      guard rest.hasPrefix("->") else { return nil }
      let kept = attributes.filter { $0 != "@escaping" && $0 != "@autoclosure" }
      function = (kept + [text]).joined(separator: " ")
      self.isOptional = isOptional
      // Any other attribute is a global actor's (`@MainActor`), which makes the type Sendable.
      let sendable = kept.contains { !$0.hasPrefix("@convention") }
      isKept =
        (isOptional || attributes.contains("@escaping")) && sendable
        && !attributes.contains("@autoclosure")
    }

    /// The parenthesis closing the one `text` starts with.
    private static func closingParenthesis(of text: String) -> String.Index? {
      var depth = 0
      for index in text.indices {
        switch text[index] {
        case "(": depth += 1
        case ")":
          depth -= 1
          if depth == 0 { return index }
        default: break
        }
      }
      return nil
    }
  }

  private static func property(
    _ symbol: SymbolGraph.Symbol, declaration: String
  ) -> Result<Requirement, Refusal> {
    let name = symbol.names.title
    guard let start = declaration.firstRange(of: "var \(name): ") else {
      return .failure(Refusal(text: "cannot read the property's type"))
    }
    let rest = declaration[start.upperBound...]
    let end = rest.firstRange(of: " {")?.lowerBound ?? rest.endIndex
    var type = String(rest[..<end])
    let accessors = rest[end...]
    if accessors.contains("async") || accessors.contains("throws") {
      return .failure(
        Refusal(text: "an effectful property getter is not mocked; write it by hand"))
    }
    // Read from the declaration as written, where `Error` may be bare.
    if let stream = StreamType(type) {
      guard stream.isFeedable else { return .failure(unfeedable(stream)) }
      type = stream.declared
    }
    return .success(.property(name: name, type: type, settable: accessors.contains("set")))
  }

  /// Why a throwing stream failing with a type of its own is not mocked.
  private static func unfeedable(_ stream: StreamType) -> Refusal {
    Refusal(
      text: "an `AsyncThrowingStream` failing with `\(stream.failure ?? "")` has no feed: the "
        + "standard library makes them failing with `any Error` only, as `MockThrowingStream` "
        + "does; declare `AsyncThrowingStream<\(stream.element), any Error>`, or write this "
        + "member by hand")
  }
}

/// A protocol read from a symbol graph.
struct ReadProtocol {
  let name: String
  let isPublic: Bool
  let isClassBound: Bool
  let requirements: [Requirement]
  let diagnostics: [MockDiagnostic]
  let shape: MockShape
  /// The protocols of other modules it refines, such as `Swift.Sendable` or `napkin.Routing`.
  let outside: Set<String>

  /// Whether it refines napkin's `ViewControllable`: its mock is a main-actor class with a
  /// stand-in view controller on Apple platforms.
  var isView: Bool { outside.contains("napkin.ViewControllable") }

  /// Whether it refines `Actor`: its mock is an `actor`.
  var isActor: Bool { outside.contains("_Concurrency.Actor") }

  /// Whether its mock must be `Sendable`.
  var isSendable: Bool {
    isActor || outside.contains("Swift.Sendable") || outside.contains("Swift.Error")
  }
}
