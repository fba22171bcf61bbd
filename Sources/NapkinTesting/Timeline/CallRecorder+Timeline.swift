extension CallRecorder {
  /// A step of an order assertion: a call of this recorder that matches `predicate`.
  ///
  /// - Parameters:
  ///   - predicate: Selects the call.
  ///   - description: What the step looks for, used in failure messages.
  public func event(
    where predicate: @escaping @Sendable (Call) -> Bool, _ description: String = "a matching call"
  ) -> TimelineStep {
    TimelineStep(
      recorder: ObjectIdentifier(storage), source: label,
      matches: { ($0 as? Call).map(predicate) ?? false },
      markAsserted: { [weak self] in _ = self?.all },
      description: "\(label) \(description)")
  }
}

extension CallRecorder where Call: Equatable {
  /// A step of an order assertion: `call`, received by this recorder.
  public func event(_ call: Call) -> TimelineStep {
    event(where: { $0 == call }, "\(call)")
  }
}
