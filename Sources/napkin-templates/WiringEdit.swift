import Foundation

/// One change to a line of a file, printed for the user to make: the file and line, what the
/// line says now, and the Swift that replaces it or goes before or after it, in a fenced block.
///
/// The form is fixed, so that a script can make the change too (`scripts/apply-wiring.py`):
///
/// ````
/// /path/CheckoutRouter.swift:4: replace the line `protocol CheckoutInteractable: Interactable {}` with:
/// ```swift
/// protocol CheckoutInteractable: Interactable, CartListener {}
/// ```
/// ````
struct WiringEdit: Equatable {
  /// What the edit does to its line.
  enum Kind: String {
    /// The lines take the line's place.
    case replace = "replace the line"
    /// The lines go before the line.
    case insertBefore = "add before the line"
    /// The lines go after the line (the file's last).
    case insertAfter = "add after the line"
  }

  /// The file's path.
  let path: String
  /// The line, from 1, in the file as it is.
  let line: Int
  /// The line's text as it is.
  let existing: String
  /// What the edit does to the line.
  let kind: Kind
  /// The Swift it writes, indented as in the file.
  var lines: [String]

  /// The edit as printed: a heading naming the line, and the lines in a fenced Swift block.
  var description: String {
    let trimmed = existing.trimmingCharacters(in: .whitespaces)
    return "\(path):\(line): \(kind.rawValue) `\(trimmed)`"
      + (kind == .replace ? " with" : "") + ":\n```swift\n"
      + lines.joined(separator: "\n") + "\n```"
  }
}
