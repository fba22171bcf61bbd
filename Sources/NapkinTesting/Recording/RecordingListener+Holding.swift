extension RecordingListener {
  /// Records `call`, then suspends while a hold applies to it: write each async listener method
  /// with it, so a test (or the explorer) can hold the call.
  ///
  /// With no hold set, it is ``record(_:)``. After ``hold(timeout:fileID:filePath:line:column:)``
  /// the call waits until the test releases it (``release(fileID:filePath:line:column:)``,
  /// ``release(call:fileID:filePath:line:column:)``), its hold's timeout passes, or its task is
  /// cancelled; in an exploration registered with `scenario.answers(listener)`, until the explorer
  /// answers it.
  ///
  /// ```swift
  /// func loggedOutDidTapLogin() async { await recordCall(.didTapLogin) }
  /// ```
  public func recordCall(_ call: Call) async {
    await calls.recordCall(call)
  }

  /// Holds every later call made through ``recordCall(_:)`` until it is released, or `timeout`
  /// passes.
  ///
  /// A held call is released by ``release(fileID:filePath:line:column:)`` (all of them) or
  /// ``release(call:fileID:filePath:line:column:)`` (one, by its number), ends quietly if its
  /// task is cancelled, and is released and reported if `timeout` passes first. A call still held
  /// when the test's end-of-test checks run fails the test, and is released there.
  ///
  /// ```swift
  /// listener.hold()
  /// let done = Task { await interactor.didFinish() }
  /// await listener.waitUntilHeld()
  /// listener.release()
  /// await done.value
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long one held call may wait for its release; not negative.
  ///   - fileID: The caller's `#fileID`, where an expired hold is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where an expired hold is reported; keep the default.
  ///   - line: The caller's line, where an expired hold is reported; keep the default.
  ///   - column: The caller's column, where an expired hold is reported; keep the default.
  public func hold(
    timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    calls.hold(timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Holds every later call that `matches` accepts, as
  /// ``hold(timeout:fileID:filePath:line:column:)`` holds every call; `matches` runs on the
  /// calling task, outside any lock.
  ///
  /// - Parameters:
  ///   - matches: Whether a call is held; runs outside any lock.
  ///   - timeout: How long one held call may wait for its release; not negative.
  ///   - fileID: The caller's `#fileID`, where an expired hold is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where an expired hold is reported; keep the default.
  ///   - line: The caller's line, where an expired hold is reported; keep the default.
  ///   - column: The caller's column, where an expired hold is reported; keep the default.
  public func hold(
    where matches: @escaping @Sendable (Call) -> Bool,
    timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    calls.hold(
      where: matches, timeout: timeout, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Resumes every held call and stops holding; reports a misuse, saying why, if no call is held
  /// right now.
  ///
  /// - Parameters:
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  public func release(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    calls.release(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Resumes the held call numbered `ordinal` (from 1, in the order they were held) and keeps
  /// holding the others, so a test can answer the second call before the first. Calls are
  /// numbered from 1 across all the listener's methods; a call that is not held is reported with
  /// the calls that are.
  ///
  /// - Parameters:
  ///   - ordinal: Which held call to resume.
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  public func release(
    call ordinal: Int, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    calls.release(call: ordinal, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Suspends until `count` calls have been held in total, returning whether they were;
  /// on timeout, reports what happened instead (nothing is held, the calls ran without being
  /// held, or no call came) and returns `false`.
  ///
  /// - Parameters:
  ///   - count: The number of held calls to wait for; at least 1.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  public func waitUntilHeld(
    count: Int = 1, timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> Bool {
    await calls.waitUntilHeld(
      count: count, timeout: timeout, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}
