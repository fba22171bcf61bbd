/// A type a Swift file declares, found by reading its lines: `class`, `struct`, `enum`,
/// `protocol`, `actor` or `typealias` and a name, with attributes and modifiers before them
/// (`@MainActor public final class SignInRouter`).
///
/// The scan reads lines, not Swift: a declaration written over two lines (`final class` on one,
/// the name on the next) is missed, and one in a block comment or a multi-line string counts.
/// A name counts whole: `SignInInteractorTests` does not declare `SignInInteractor`, nor does
/// `extension SignInInteractor`.
///
/// ```swift
/// Declaration.all(in: "@MainActor\nfinal class SignInRouter: Router {}")
/// // [Declaration(name: "SignInRouter", line: 2, indentation: 0)]
/// ```
struct Declaration: Equatable {
  /// The declared name, without backquotes.
  let name: String
  /// The line it is on, from 1.
  let line: Int
  /// The spaces and tabs before the line's first word: 0 for a type at file scope.
  let indentation: Int

  /// The words that declare a type.
  static let keywords: Set<Substring> = [
    "class", "struct", "enum", "protocol", "actor", "typealias",
  ]

  /// The words that may stand before a declaration's keyword; `private(set)`-like arguments are
  /// skipped.
  static let modifiers: Set<Substring> = [
    "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated",
    "indirect", "distributed", "static", "override", "required", "dynamic",
  ]

  /// The words after which `class` is a modifier of a member, not a type's keyword.
  static let members: Set<Substring> = ["func", "var", "let", "subscript", "init", "deinit"]

  /// Every type `text` declares, in order.
  static func all(in text: String) -> [Declaration] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
      offset, line in
      var rest = line
      let indentation = skipSpaces(&rest)
      guard let name = declaredName(&rest) else { return nil }
      return Declaration(name: String(name), line: offset + 1, indentation: indentation)
    }
  }

  /// The name `line` declares when it starts with a declaration: attributes and modifiers, a
  /// keyword and a name.
  private static func declaredName(_ line: inout Substring) -> Substring? {
    while true {
      let isAttribute = line.first == "@"
      if isAttribute { line = line.dropFirst() }
      guard let word = word(&line) else { return nil }
      if isAttribute || modifiers.contains(word) {
        guard skipParentheses(&line) else { return nil }
        continue
      }
      guard keywords.contains(word), let name = name(at: line) else { return nil }
      // `class func`, `class var`: `class` modifies a member, the line declares no type.
      if word == "class", members.contains(name) || modifiers.contains(name) { return nil }
      return name
    }
  }

  /// Skips spaces and tabs; returns how many.
  @discardableResult
  private static func skipSpaces(_ line: inout Substring) -> Int {
    let count = line.prefix { $0 == " " || $0 == "\t" }.count
    line = line.dropFirst(count)
    return count
  }

  /// Takes the identifier at the start of `line`, and the spaces after it.
  private static func word(_ line: inout Substring) -> Substring? {
    let word = line.prefix(while: NapkinName.isIdentifierCharacter)
    guard !word.isEmpty else { return nil }
    line = line.dropFirst(word.count)
    skipSpaces(&line)
    return word
  }

  /// The identifier at the start of `line`, in backquotes or not.
  private static func name(at line: Substring) -> Substring? {
    let quoted = line.first == "`"
    let name = line.dropFirst(quoted ? 1 : 0).prefix(while: NapkinName.isIdentifierCharacter)
    return name.isEmpty ? nil : name
  }

  /// Skips `( … )` if `line` goes on with one, nested ones included, and the spaces after it;
  /// false if it does not close on this line.
  private static func skipParentheses(_ line: inout Substring) -> Bool {
    guard line.first == "(" else { return true }
    var depth = 0
    for (offset, character) in line.enumerated() {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if depth == 0 {
        line = line.dropFirst(offset + 1)
        skipSpaces(&line)
        return true
      }
    }
    return false
  }
}
