/// A step the explorer took in a run, as its timeline shows it: "explorer answered `login#1`
/// with success".
///
/// Isolation: `Sendable` value.
struct ExplorerStep: Sendable, CustomStringConvertible {
  let story: String

  var description: String { story }
}
