import Foundation

/// Changes planned to a type declared at file scope, found by name as `Declaration` finds it:
/// a member added to its body, a protocol added to its inheritance clause. Each returns false,
/// changing nothing, when the declaration or its body is not where the scan expects it.
extension FileEdits {
  /// The index of the planned line that declares `name` at file scope.
  func declarationIndex(of name: String) -> Int? {
    Declaration.all(in: texts.joined(separator: "\n"))
      .first { $0.name == name && $0.indentation == 0 }
      .map { $0.line - 1 }
  }

  /// The index of the line that ends the header of the declaration at `index`: the first, from
  /// it on, that ends with `{` or `{}`.
  func headerEnd(from index: Int) -> Int? {
    lines.indices.dropFirst(index).first {
      let text = lines[$0].text.trimmingTrailingSpaces
      return text.hasSuffix("{") || text.hasSuffix("{}")
    }
  }

  /// The header of the type `name`, its lines joined by spaces, if it is declared.
  func header(of name: String) -> String? {
    guard let start = declarationIndex(of: name), let end = headerEnd(from: start) else {
      return nil
    }
    return texts[start...end].joined(separator: " ")
  }

  /// The lines of the body of the type `name` (between its braces), if it is declared.
  func body(of name: String) -> ArraySlice<String>? {
    guard let start = declarationIndex(of: name), let end = headerEnd(from: start) else {
      return nil
    }
    if lines[end].text.trimmingTrailingSpaces.hasSuffix("{}") { return [] }
    guard let close = closingBrace(after: end) else { return nil }
    return texts[(end + 1)..<close]
  }

  /// Adds `members` (indented as members) at the end of the body of the type `name`: a `{}`
  /// body opens; a body with members gets a blank line before them.
  mutating func addMembers(_ members: [String], to name: String) -> Bool {
    guard let start = declarationIndex(of: name), let end = headerEnd(from: start) else {
      return false
    }
    let text = lines[end].text.trimmingTrailingSpaces
    if text.hasSuffix("{}") {
      replace(at: end, with: [String(text.dropLast(1))] + members + ["}"])
      return true
    }
    guard let close = closingBrace(after: end) else { return false }
    insert((close == end + 1 ? [] : [""]) + members, before: close)
    return true
  }

  /// Adds `proto` to the inheritance clause of the type `name`, at its end.
  mutating func addConformance(_ proto: String, to name: String) -> Bool {
    guard let start = declarationIndex(of: name), let end = headerEnd(from: start),
      let header = header(of: name)
    else { return false }
    let afterName = header.range(of: name).map { header[$0.upperBound...] } ?? Substring(header)
    let separator = afterName.contains(":") ? ", " : ": "
    let text = lines[end].text.trimmingTrailingSpaces
    let brace = text.hasSuffix("{}") ? "{}" : "{"
    let before = text.dropLast(brace.count)
    if before.allSatisfy({ $0 == " " }), end > start {
      // The brace has a line of its own: the clause ends on the line before.
      replace(at: end - 1, with: [lines[end - 1].text.trimmingTrailingSpaces + separator + proto])
    } else {
      replace(
        at: end, with: [before.trimmingTrailingSpaces + separator + proto + " " + brace])
    }
    return true
  }

  /// Replaces `old` with `new` in the header of the type `name`, if it is there.
  mutating func replaceInHeader(_ old: String, with new: String, of name: String) -> Bool {
    guard let start = declarationIndex(of: name), let end = headerEnd(from: start),
      let index = (start...end).first(where: { lines[$0].text.contains(old) })
    else { return false }
    replace(at: index, with: [lines[index].text.replacingOccurrences(of: old, with: new)])
    return true
  }

  /// Adds `texts` before the declaration of `name`, above its doc comment and attributes.
  mutating func insert(_ texts: [String], beforeDeclarationOf name: String) -> Bool {
    guard var index = declarationIndex(of: name) else { return false }
    while index > 0 {
      let above = lines[index - 1].text
      guard above.hasPrefix("///") || above.hasPrefix("@") else { break }
      index -= 1
    }
    insert(texts, before: index)
    return true
  }

  /// The index of the first line after `index` that is a closing brace at file scope.
  private func closingBrace(after index: Int) -> Int? {
    lines.indices.dropFirst(index + 1).first { lines[$0].text.trimmingTrailingSpaces == "}" }
  }
}
