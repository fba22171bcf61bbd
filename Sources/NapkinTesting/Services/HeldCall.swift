/// A call a mock holds now, as the explorer lists it.
///
/// Isolation: `Sendable` value.
struct HeldCall: Sendable {
  /// The call's id in its mock.
  let id: UInt64
  /// Which call of its method this is, from 1.
  let ordinal: Int
  /// The lifecycle of the bound task or action that made it, if settling sees that task.
  let caller: ObjectIdentifier?
  /// How a diagnostic names the caller when settling cannot see it; `nil` if it can.
  let unseenCaller: String?
}
