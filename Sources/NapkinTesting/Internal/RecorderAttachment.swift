/// State the owner of a ``CallRecorder`` keeps under the recorder's own lock.
///
/// A mock service keeps its failure-injection state here, so recording a call and deciding how
/// it ends is one locked step: one lock per mocked call instead of two, and every call's outcome
/// is decided in the order the calls were recorded. Only ever touched inside the recorder's
/// `withLock`.
@usableFromInline
final class RecorderAttachment<State> {
  /// Only reached under the recorder's lock, which already makes every access exclusive, so
  /// the runtime's exclusivity check is skipped (it would cost as much as the lock).
  @exclusivity(unchecked) @usableFromInline var state: State

  @usableFromInline
  init(_ state: State) {
    self.state = state
  }
}
