import RibHouse

extension User {
  /// The guest the tests log in.
  static let smokeyJoe = User(name: "Smokey Joe", barbecueFoods: ["Brisket", "Ribs"])
}

extension LastCall {
  static let burntEnds = LastCall(itemName: "Burnt ends", portionsLeft: 4)
  static let hotLinks = LastCall(itemName: "Hot links", portionsLeft: 1)
}
