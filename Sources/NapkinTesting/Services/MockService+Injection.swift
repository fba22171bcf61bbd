extension MockService {
  /// Makes `method` fail on every call with `error`.
  ///
  /// Other methods keep failing with ``injectedError`` if they are in ``failingMethods``.
  /// ``stopFailing(_:)`` undoes it.
  ///
  /// ```swift
  /// auth.fail(.login, with: URLError(.notConnectedToInternet))
  /// ```
  public func fail(_ method: Method, with error: any Error) {
    mock.setFailure(method, error)
  }

  /// Makes only the next `count` calls of `method` fail, after `successes` calls succeed.
  ///
  /// Queues after the outcomes already queued; queued outcomes take precedence over
  /// ``failingMethods``. A queue of any length costs one entry, so `failNext(.max, of:)` is fine.
  ///
  /// ```swift
  /// library.failNext(1, of: .fetchPage, after: 1)  // page 1 loads, page 2 fails
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many calls fail; at least 1.
  ///   - method: The method to fail.
  ///   - error: The error to throw; `nil` uses the method's error, then ``injectedError``.
  ///   - successes: How many calls succeed first; not negative.
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  public func failNext(
    _ count: Int = 1, of method: Method, with error: (any Error)? = nil, after successes: Int = 0,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    mock.queueFailures(
      count, of: method, with: error, after: successes,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The number of queued failures `method` has left.
  public func upcomingFailures(of method: Method) -> Int {
    mock.queuedFailures(of: method)
  }

  /// The number of calls of `method` held right now.
  public func heldCount(of method: Method) -> Int {
    mock.callsHeld(of: method)
  }

  /// Makes `method` succeed again.
  public func stopFailing(_ method: Method) {
    mock.clearFailures(of: method)
  }

  /// Holds every later call of `method` until ``release(_:fileID:filePath:line:column:)``.
  ///
  /// Makes in-flight states testable: a held call suspends, counts as parked for `settle`, and
  /// throws `CancellationError` if its task is cancelled. A held call neither released nor
  /// cancelled within `timeout` is released anyway and reported, so no test hangs; a call still
  /// held when the test's end-of-test checks run fails the test. Failure settings are read after
  /// the release, so a test can change them while calls are held.
  ///
  /// ```swift
  /// auth.hold(.login)
  /// let login = Task { await sut.loggedOutDidTapLogin() }
  /// await auth.waitUntilHeld(.login)
  /// #expect(presenter.calls == [.presentLoading(true)])
  /// auth.release(.login)
  /// await login.value
  /// ```
  ///
  /// - Parameters:
  ///   - method: The method whose calls suspend.
  ///   - timeout: How long one held call may wait for its release; not negative.
  ///   - fileID: The caller's `#fileID`, where an expired hold is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where an expired hold is reported; keep the default.
  ///   - line: The caller's line, where an expired hold is reported; keep the default.
  ///   - column: The caller's column, where an expired hold is reported; keep the default.
  public func hold(
    _ method: Method, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    mock.startHolding(
      method, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Resumes every held call of `method` and stops holding it.
  ///
  /// Reports a misuse if no call of `method` is held right now.
  ///
  /// - Parameters:
  ///   - method: The method whose held calls resume.
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  public func release(
    _ method: Method, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    mock.releaseHeld(
      method, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Resumes one held call of `method`, the `ordinal`th held since the mock was created, and
  /// keeps holding the others and those to come.
  ///
  /// So a test can answer the second call before the first, which ``release(_:fileID:filePath:line:column:)``
  /// (every held call at once) cannot. Reports a misuse, naming the calls held right now, if that
  /// call is not held (it has not arrived, or it was released already).
  ///
  /// ```swift
  /// auth.hold(.login)
  /// let first = Task { await sut.didTapLogin() }
  /// let second = Task { await sut.didTapLogin() }
  /// await auth.waitUntilHeld(.login, count: 2)
  /// auth.release(.login, call: 2)   // the second answers first
  /// await second.value
  /// auth.release(.login, call: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - method: The held method.
  ///   - ordinal: Which held call of `method` to resume, counted from 1 as
  ///     ``waitUntilHeld(_:count:timeout:fileID:filePath:line:column:)`` counts them.
  ///   - fileID: The caller's `#fileID`, where a misuse is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a misuse is reported; keep the default.
  ///   - line: The caller's line, where a misuse is reported; keep the default.
  ///   - column: The caller's column, where a misuse is reported; keep the default.
  public func release(
    _ method: Method, call ordinal: Int, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    mock.releaseHeld(
      method, call: ordinal,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Suspends until `count` calls of `method` have been held in total; returns whether they were.
  ///
  /// On timeout, reports a failure that says what happened instead (the calls ran before the
  /// hold, the method is not held, or no call came) and returns `false`.
  ///
  /// - Parameters:
  ///   - method: The held method.
  ///   - count: The number of held calls to wait for, counted since the mock was created; at
  ///     least 1.
  ///   - timeout: How long to wait before failing; not negative.
  ///   - fileID: The caller's `#fileID`, where a failure is reported; keep the default.
  ///   - filePath: The caller's `#filePath`, where a failure is reported; keep the default.
  ///   - line: The caller's line, where a failure is reported; keep the default.
  ///   - column: The caller's column, where a failure is reported; keep the default.
  @discardableResult
  public func waitUntilHeld(
    _ method: Method, count: Int = 1, timeout: Duration = .napkinDefaultTimeout,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await mock.awaitHeld(
      method, count: count, timeout: timeout,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
