/// Records the activation transitions of any `InteractorScope`, from the moment it is created.
///
/// It subscribes to `isActiveStream` in its initializer, so the first value is the state at
/// creation and no later transition is missed. Read or await ``transitions`` like any
/// ``CallRecorder``. It stops when released or ``stop()``ped.
///
/// Isolation: `Sendable`; usable from any isolation.
///
/// ```swift
/// let activity = ActivationRecorder(sut)
/// await sut.activate()
/// await sut.deactivate()
/// await activity.transitions.waitForCalls(count: 3)
/// #expect(activity.transitions == [false, true, false])
/// ```
public final class ActivationRecorder: Sendable {
  /// The observed activation values: the state at creation, then each transition.
  public let transitions: CallRecorder<Bool>

  private let subscription: Task<Void, Never>

  /// Starts recording `scope`'s activation transitions.
  ///
  /// The `fileID`, `filePath`, `line` and `column` default to where the recorder is created:
  /// strict end-of-test checks report its unasserted transitions there.
  public init(
    _ scope: some InteractorScope,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let transitions = CallRecorder<Bool>(
      "ActivationRecorder(\(type(of: scope)))", fileID: fileID, filePath: filePath, line: line,
      column: column)
    let stream = scope.isActiveStream
    self.transitions = transitions
    subscription = Task {
      for await active in stream { transitions.record(active) }
    }
  }

  deinit {
    subscription.cancel()
  }

  /// Stops recording.
  public func stop() {
    subscription.cancel()
  }
}
