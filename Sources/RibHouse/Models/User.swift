/// A signed-in Rib House guest.
///
/// Isolation: a value type; `Sendable`, `Equatable` and `Hashable`.
public struct User: Equatable, Hashable, Sendable {
  /// The guest's display name.
  public var name: String

  /// The barbecue the guest loves, in the guest's order of preference.
  public var barbecueFoods: [String]

  /// Creates a user.
  ///
  /// - Parameters:
  ///   - name: The display name.
  ///   - barbecueFoods: The guest's favourite barbecue, most loved first.
  public init(name: String, barbecueFoods: [String]) {
    self.name = name
    self.barbecueFoods = barbecueFoods
  }
}
