/// What the wiring planner reads in a line of Swift: its end without spaces, and whole words.
extension StringProtocol {
  /// The text without the spaces and tabs at its end.
  var trimmingTrailingSpaces: String {
    var text = String(self)
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }

  /// Whether `word` is in the text as a whole identifier: `CartListener` is in
  /// `Interactable, CartListener {}`, and not in `MyCartListener`.
  func containsWord(_ word: String) -> Bool {
    split { !NapkinName.isIdentifierCharacter($0) }.contains { $0 == word }
  }
}
