extension BaseMockRouter {
  /// Records `call`, then suspends while a hold applies to it: write each async feature method
  /// with it, so a test (or the explorer) can hold the call.
  ///
  /// With no hold set, it is ``record(_:)``. See ``RecordingListener/recordCall(_:)``.
  ///
  /// ```swift
  /// func attachDetail() async { await recordCall(.attachDetail) }
  /// ```
  public final func recordCall(_ call: Call) async {
    owner.flush()
    await calls.recordCall(call)
  }

  /// Holds every later call made through ``recordCall(_:)`` until it is released, or `timeout`
  /// passes; see ``RecordingListener/hold(timeout:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// router.hold()
  /// let done = Task { await interactor.didTapDetail() }
  /// await router.waitUntilHeld()
  /// router.release()
  /// await done.value
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long one held call may wait for its release; not negative.
  ///   - fileID: The caller's `#fileID`, where an expired hold is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where an expired hold is reported; keep the default.
  ///   - line: The caller's line, where an expired hold is reported; keep the default.
  ///   - column: The caller's column, where an expired hold is reported; keep the default.
  public nonisolated final func hold(
    timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    calls.hold(timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Holds every later call that `matches` accepts; see
  /// ``RecordingListener/hold(where:timeout:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - matches: Whether a call is held; runs outside any lock.
  ///   - timeout: How long one held call may wait for its release; not negative.
  ///   - fileID: The caller's `#fileID`, where an expired hold is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where an expired hold is reported; keep the default.
  ///   - line: The caller's line, where an expired hold is reported; keep the default.
  ///   - column: The caller's column, where an expired hold is reported; keep the default.
  public nonisolated final func hold(
    where matches: @escaping @Sendable (Call) -> Bool,
    timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    calls.hold(
      where: matches, timeout: timeout, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Resumes every held call and stops holding; see
  /// ``RecordingListener/release(fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  public nonisolated final func release(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    calls.release(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Resumes the held call numbered `ordinal` (from 1, in the order they were held) and keeps
  /// holding the others; see ``RecordingListener/release(call:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - ordinal: Which held call to resume.
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  public nonisolated final func release(
    call ordinal: Int, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    calls.release(call: ordinal, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Suspends until `count` calls have been held in total; see
  /// ``RecordingListener/waitUntilHeld(count:timeout:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - count: The number of held calls to wait for; at least 1.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  public nonisolated final func waitUntilHeld(
    count: Int = 1, timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> Bool {
    await calls.waitUntilHeld(
      count: count, timeout: timeout, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}
