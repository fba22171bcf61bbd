/// A mock service's method as a key of its non-generic state.
///
/// Cheaper than `AnyHashable`, which looks up a custom representation on every wrap: this one
/// hashes through the method's own conformance and compares with one cast.
struct MethodKey: Hashable, Sendable, CustomStringConvertible {
  /// The method, as the service's `Method` value.
  let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  static func == (lhs: MethodKey, rhs: MethodKey) -> Bool {
    lhs.base.isEqual(to: rhs.base)
  }

  func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
  }

  var description: String { "\(base)" }
}

extension Hashable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: any Hashable) -> Bool {
    (other as? Self) == self
  }
}
