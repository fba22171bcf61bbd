/// Who vouched for a lifecycle's settled bound tasks: a settle's call site and the test context it
/// ran in.
///
/// Package-only: a test toolkit passes it to ``InteractorLifecycle/vouchForSettledTasks(key:_:)``
/// so a settle repeated at one line in one test makes its report once.
///
/// Isolation: `Sendable` value.
package struct VouchKey: Equatable, Sendable {
  let fileID: String
  let line: UInt
  let column: UInt
  let contexts: (UInt64?, UInt64?)
  let index: Int

  /// The key of the settle at `fileID`:`line`:`column`, in test `contexts` (the serial numbers of
  /// an issue collector and an end-of-test scope, never reused as addresses are), for the
  /// lifecycle at `index` of those it settled.
  package init(
    fileID: String, line: UInt, column: UInt, contexts: (UInt64?, UInt64?),
    index: Int
  ) {
    self.fileID = fileID
    self.line = line
    self.column = column
    self.contexts = contexts
    self.index = index
  }

  package static func == (lhs: VouchKey, rhs: VouchKey) -> Bool {
    lhs.line == rhs.line && lhs.column == rhs.column && lhs.index == rhs.index
      && lhs.contexts.0 == rhs.contexts.0 && lhs.contexts.1 == rhs.contexts.1
      && lhs.fileID == rhs.fileID
  }
}
