/// One cut on the pit, with the stage of its cook.
///
/// Isolation: a value type; `Sendable`, `Equatable` and `Hashable`.
public struct PitItem: Equatable, Hashable, Sendable {
  /// Where a cut is in its cook, in the order it moves through them.
  ///
  /// Isolation: a value type; `Sendable`.
  public enum Stage: Int, CaseIterable, Comparable, Hashable, Sendable {
    /// On the smoker.
    case smoking
    /// Off the smoker, resting before it is sliced.
    case resting
    /// Being served.
    case ready
    /// Gone for today.
    case soldOut

    /// The stage after this one, or `nil` for ``soldOut``.
    public var next: Stage? { Stage(rawValue: rawValue + 1) }

    /// A human-readable name, such as "Sold out".
    public var title: String {
      switch self {
      case .smoking: "Smoking"
      case .resting: "Resting"
      case .ready: "Ready"
      case .soldOut: "Sold out"
      }
    }

    /// Orders stages by their place in the cook.
    public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The cut, such as "Brisket".
  public var name: String

  /// Where the cut is in its cook.
  public var stage: Stage

  /// Creates a pit item.
  public init(name: String, stage: Stage) {
    self.name = name
    self.stage = stage
  }
}
