extension CallRecorder {
  /// Records `call`, then suspends while a hold applies to it: the holdable form of
  /// ``record(_:)``, for a mock's async methods.
  ///
  /// With no hold set, it is ``record(_:)``. After ``hold(timeout:fileID:filePath:line:column:)``,
  /// the call waits until the test releases it (``release(fileID:filePath:line:column:)``,
  /// ``release(call:fileID:filePath:line:column:)``), its hold's timeout passes, or its task is
  /// cancelled; in an exploration registered with `scenario.answers(_:)`, until the explorer
  /// answers it.
  ///
  /// ```swift
  /// func routeToDetail() async { await calls.recordCall(.routeToDetail) }
  /// ```
  func recordCall(_ call: Call) async {
    holder.announceIfUnseen(nil, name: Self.caseName(of: call))
    record(call)
    _ = await holder.wait(nil, call: call, name: Self.caseName(of: call))
  }

  /// Holds every later call recorded with ``recordCall(_:)`` until it is released, or `timeout`
  /// passes.
  ///
  /// A held call is released by ``release(fileID:filePath:line:column:)`` (all of them) or
  /// ``release(call:fileID:filePath:line:column:)`` (one, by its number), ends quietly if its
  /// task is cancelled, and is released and reported if `timeout` passes first. A call still held
  /// when the test's end-of-test checks run fails the test.
  ///
  /// ```swift
  /// router.calls.hold()
  /// let tap = Task { await interactor.didTapDetail() }
  /// await router.calls.waitUntilHeld()
  /// // check the state while the router attaches, then:
  /// router.calls.release()
  /// await tap.value
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long one held call may wait for its release; not negative.
  ///   - fileID: The caller's `#fileID`, where an expired hold is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where an expired hold is reported; keep the default.
  ///   - line: The caller's line, where an expired hold is reported; keep the default.
  ///   - column: The caller's column, where an expired hold is reported; keep the default.
  func hold(
    timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    holder.start(
      nil, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      misuse: "hold(timeout: \(timeout)): the timeout \(timeout) must not be negative; no call is "
        + "held.")
  }

  /// Holds every later call recorded with ``recordCall(_:)`` that `matches` accepts, as
  /// ``hold(timeout:fileID:filePath:line:column:)`` holds every call.
  ///
  /// `matches` runs on the calling task, outside any lock.
  ///
  /// ```swift
  /// router.calls.hold(where: { $0 == .attachDetail })
  /// ```
  ///
  /// - Parameters:
  ///   - matches: Whether a call is held.
  ///   - timeout: How long one held call may wait for its release; not negative.
  ///   - fileID: The caller's `#fileID`, where an expired hold is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where an expired hold is reported; keep the default.
  ///   - line: The caller's line, where an expired hold is reported; keep the default.
  ///   - column: The caller's column, where an expired hold is reported; keep the default.
  func hold(
    where matches: @escaping @Sendable (Call) -> Bool,
    timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    holder.start(
      nil, timeout: timeout, matches: { ($0 as? Call).map(matches) ?? false },
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      misuse: "hold(where:timeout: \(timeout)): the timeout \(timeout) must not be negative; no "
        + "call is held.")
  }

  /// Resumes every held call and stops holding.
  ///
  /// Reports a misuse if no call is held right now.
  ///
  /// - Parameters:
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  func release(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    holder.release(
      nil, recorded: countWithoutAsserting,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Resumes one held call, the `ordinal`th held since the mock was created, and keeps holding
  /// the others and those to come.
  ///
  /// So a test can answer the second call before the first. Calls are numbered from 1 in the
  /// order they were held, across all of the mock's methods. Reports a misuse, naming the calls
  /// held right now, if that call is not held (it has not arrived, or it was released already).
  ///
  /// ```swift
  /// router.calls.hold()
  /// let first = Task { await interactor.didTapDetail() }
  /// let second = Task { await interactor.didTapDetail() }
  /// await router.calls.waitUntilHeld(count: 2)
  /// router.calls.release(call: 2)   // the second answers first
  /// await second.value
  /// router.calls.release(call: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - ordinal: Which held call to resume, counted from 1 as
  ///     ``waitUntilHeld(count:timeout:fileID:filePath:line:column:)`` counts them.
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  func release(
    call ordinal: Int, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    holder.release(
      ordinal: ordinal, of: nil,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Suspends until `count` calls have been held in total; returns whether they were.
  ///
  /// On timeout, reports a failure that says what happened instead (nothing is held, the calls
  /// ran without being held, or no call came) and returns `false`.
  ///
  /// - Parameters:
  ///   - count: The number of held calls to wait for, counted since the mock was created; at
  ///     least 1.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  func waitUntilHeld(
    count: Int = 1, timeout: Duration = .napkinDefaultTimeout, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> Bool {
    await holder.awaitHeld(
      nil, count: count, timeout: timeout, recorded: { [self] in countWithoutAsserting },
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The name of `call`'s case, as an order string and a message name it: `attachDetail`.
  static func caseName(of call: Call) -> String {
    let description = String(describing: call)
    return String(description.prefix { $0 != "(" })
  }
}
