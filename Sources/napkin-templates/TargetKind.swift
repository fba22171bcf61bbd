/// What the package says a target is, as the `new-napkin` package command passes it
/// (`--module-kind`, `--tests-kind`): a napkin goes into a library or executable target, its
/// tests into a test target.
enum TargetKind: String, CaseIterable {
  /// A Swift library target (`.target`).
  case library
  /// A Swift executable target (`.executableTarget`).
  case executable
  /// A Swift test target (`.testTarget`).
  case test
  /// A target that does not compile Swift sources: C, binary, system library.
  case other
  /// No target of that name: the package does not have it.
  case absent

  /// The kind `value` names, or nil when not given; fails, naming the choices, for another
  /// value of `option`.
  static func parse(_ value: String?, option: String) throws -> TargetKind? {
    guard let value else { return nil }
    guard let kind = TargetKind(rawValue: value) else {
      throw TemplateError(
        "--\(option) is one of \(allCases.map(\.rawValue).joined(separator: ", ")), not \(value)")
    }
    return kind
  }
}
