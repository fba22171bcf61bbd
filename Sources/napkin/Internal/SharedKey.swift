/// Identifies one `shared { }` slot of a component: a call site or an explicit key, and the type
/// it produces.
struct SharedKey: Hashable {
  /// Where the slot comes from.
  enum Origin: Hashable {
    /// A `shared { }` call site.
    case callSite(fileID: String, line: UInt, column: UInt)
    /// A `shared(forCallerKey:_:)` key.
    case callerKey(String)
  }

  let origin: Origin
  let type: ObjectIdentifier
}
