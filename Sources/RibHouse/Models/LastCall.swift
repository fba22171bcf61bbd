/// An announcement that a cut is about to run out.
///
/// Last calls are events, not state: ``PitServicing/lastCalls`` does not replay them.
///
/// Isolation: a value type; `Sendable`, `Equatable` and `Hashable`.
public struct LastCall: Equatable, Hashable, Sendable {
  /// The cut that is running out.
  public var itemName: String

  /// How many portions are left.
  public var portionsLeft: Int

  /// Creates a last call.
  public init(itemName: String, portionsLeft: Int) {
    self.itemName = itemName
    self.portionsLeft = portionsLeft
  }

  /// The banner text, such as "LAST CALL: Burnt ends, 4 portions left".
  public var message: String {
    let portions = portionsLeft == 1 ? "1 portion" : "\(portionsLeft) portions"
    return "LAST CALL: \(itemName), \(portions) left"
  }
}
