/// Identifies one `shared { }` call site and the type it produces.
struct SharedKey: Hashable {
  let fileID: String
  let line: UInt
  let column: UInt
  let type: ObjectIdentifier
}
