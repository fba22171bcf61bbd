import Foundation

/// A Swift file's lines as they are, and the changes planned to them, which are printed, never
/// written: each line remembers which line of the file it comes from, so that the changes can be
/// told as "replace line 4" and "add before line 12" of the file as it is.
///
/// ```swift
/// var file = FileEdits(path: "CheckoutRouter.swift", text: "protocol A: B {}\n")
/// file.replace(at: 0, with: ["protocol A: B, C {}"])
/// file.edits  // [WiringEdit(path: "CheckoutRouter.swift", line: 1, replacing: …)]
/// ```
struct FileEdits {
  /// One line of the planned file.
  struct Line {
    /// Its text.
    var text: String
    /// The index of the line of the file it comes from, or nil for an added line.
    var origin: Int?
    /// Whether it is a line of the file whose text was changed.
    var isChanged: Bool
  }

  /// The file's path, as printed.
  let path: String
  /// The file's lines as they are.
  let original: [String]
  /// The planned lines.
  private(set) var lines: [Line]

  /// The file at `path`, whose text is `text`, with no change planned.
  init(path: String, text: String) {
    self.path = path
    var original = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if original.last == "" { original.removeLast() }
    self.original = original
    lines = original.enumerated().map { Line(text: $1, origin: $0, isChanged: false) }
  }

  /// The file at `url`, printed as `path`, with no change planned.
  init(path: String, contentsOf url: URL) throws {
    self.init(path: path, text: try String(contentsOf: url, encoding: .utf8))
  }

  /// The planned text of the lines.
  var texts: [String] { lines.map(\.text) }

  /// Replaces the planned line at `index` with `texts`: the first takes its place, the others
  /// are added after it.
  mutating func replace(at index: Int, with texts: [String]) {
    let replaced = lines[index]
    let first = Line(
      text: texts.first ?? "", origin: replaced.origin,
      isChanged: replaced.isChanged || texts.first != replaced.text)
    lines.replaceSubrange(
      index...index,
      with: [first] + texts.dropFirst().map { Line(text: $0, origin: nil, isChanged: false) })
  }

  /// Adds `texts` before the planned line at `index`.
  mutating func insert(_ texts: [String], before index: Int) {
    lines.insert(
      contentsOf: texts.map { Line(text: $0, origin: nil, isChanged: false) }, at: index)
  }

  /// The planned changes, by the line of the file they change: a changed line, with the added
  /// lines around it, replaces it; added lines before an unchanged line are added before it, and
  /// after the last line, after it.
  var edits: [WiringEdit] {
    var edits: [WiringEdit] = []
    var pending: [String] = []
    var last: Int?
    for line in lines {
      guard let origin = line.origin else {
        pending.append(line.text)
        continue
      }
      if let index = last {
        // Added lines after a changed line belong to it.
        edits[index].lines += pending
        pending = []
        last = nil
      }
      if line.isChanged {
        edits.append(
          WiringEdit(
            path: path, line: origin + 1, existing: original[origin], kind: .replace,
            lines: pending + [line.text]))
        last = edits.count - 1
      } else if !pending.isEmpty {
        edits.append(
          WiringEdit(
            path: path, line: origin + 1, existing: original[origin], kind: .insertBefore,
            lines: pending))
      }
      pending = []
    }
    if let index = last {
      edits[index].lines += pending
    } else if !pending.isEmpty, let end = original.indices.last {
      edits.append(
        WiringEdit(
          path: path, line: end + 1, existing: original[end], kind: .insertAfter, lines: pending))
    }
    return edits
  }
}
