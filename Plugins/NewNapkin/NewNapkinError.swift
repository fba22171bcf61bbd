/// A failure of the command, with what to do.
struct NewNapkinError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
