/// One of today's specials.
///
/// Isolation: a value type; `Sendable`, `Equatable` and `Hashable`.
public struct Special: Equatable, Hashable, Sendable {
  /// The dish, such as "Brisket mac & cheese".
  public var name: String

  /// A short description.
  public var detail: String

  /// The price in cents.
  public var priceInCents: Int

  /// Creates a special.
  public init(name: String, detail: String, priceInCents: Int) {
    self.name = name
    self.detail = detail
    self.priceInCents = priceInCents
  }

  /// The price as dollars and cents, such as "$9.50".
  public var formattedPrice: String {
    let cents = priceInCents % 100
    return "$\(priceInCents / 100).\(cents < 10 ? "0" : "")\(cents)"
  }

  /// Today's specials at the Rib House.
  public static let todaysMenu: [Special] = [
    Special(
      name: "Brisket mac & cheese", detail: "smoked cheddar, chopped point", priceInCents: 950),
    Special(name: "Rib tips basket", detail: "with pickles and white bread", priceInCents: 1250),
    Special(name: "Banana pudding", detail: "Nilla wafers, made this morning", priceInCents: 600),
  ]
}
