/// The check of a napkin's name: it prefixes every type and file the napkin declares, so it is
/// a Swift type name, such as `Checkout`.
enum NapkinName {
  /// Fails unless `name` is letters, digits and `_` starting with an uppercase letter, saying
  /// which character is wrong and suggesting a name that is right; `role` says which name it
  /// is.
  static func check(_ name: String, role: String = "the napkin's name") throws {
    guard let first = name.first else {
      throw TemplateError("\(role) is empty: give a Swift type name, such as Checkout")
    }
    guard first.isLetter, first.isUppercase else {
      throw TemplateError(
        "\(role) \"\(name)\" starts with \"\(first)\": start it with an uppercase "
          + "letter, such as \(suggestion(for: name))")
    }
    if let index = name.firstIndex(where: { !isIdentifierCharacter($0) }) {
      let position = name.distance(from: name.startIndex, to: index) + 1
      throw TemplateError(
        "\(role) \"\(name)\" has \"\(name[index])\" at character \(position): use "
          + "only letters, digits and _, such as \(suggestion(for: name))")
    }
  }

  /// Whether `character` can be in a Swift identifier, as `MacroExpander.identifier` has it.
  static func isIdentifierCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// `name` without the characters that cannot be in it, from its first letter on, that letter
  /// uppercased; `Checkout` when nothing is left.
  private static func suggestion(for name: String) -> String {
    let kept = name.filter(isIdentifierCharacter).drop { !$0.isLetter }
    guard let first = kept.first else { return "Checkout" }
    return first.uppercased() + kept.dropFirst()
  }
}
