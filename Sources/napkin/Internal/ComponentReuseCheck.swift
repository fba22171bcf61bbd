/// Stops a componentized builder whose component builder returns the same instance twice.
///
/// Holds the last component weakly, so a builder never extends the life of a napkin's component.
struct ComponentReuseCheck {
  private weak var last: AnyObject?

  /// Records `component`, the new component of a build made by `builder`.
  ///
  /// - Precondition: `component` is not the instance recorded by the previous call. Value-type
  ///   components have no identity and are not checked. Under NapkinTesting a violation fails
  ///   the test and the build goes on with the reused component.
  mutating func record<Component>(_ component: Component, madeBy builder: AnyObject) {
    guard type(of: component as Any) is AnyClass else { return }
    let object = component as AnyObject
    if last === object {
      recoverableProgrammingError(
        "\(type(of: builder)): the component builder returned the same "
          + "\(type(of: component as Any)) instance twice; it must create a new component for "
          + "every build.")
    }
    last = object
  }
}
