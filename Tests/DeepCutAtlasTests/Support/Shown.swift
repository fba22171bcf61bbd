/// Whether content was ever shown, for the invariant that it never disappears afterwards.
@MainActor
final class Shown {
  private var seen = false

  /// Whether the content is still there if it was ever shown; records that it shows now.
  func check(_ isEmpty: Bool) -> Bool {
    defer { if !isEmpty { seen = true } }
    return !(seen && isEmpty)
  }
}
