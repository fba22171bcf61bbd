extension Duration {
  /// The timeout NapkinTesting waits use unless told otherwise: five seconds, or the number of
  /// seconds in the environment variable `NAPKIN_DEFAULT_TIMEOUT`.
  ///
  /// Generous on a loaded CI machine, yet a missing call still fails the test quickly. The
  /// success path never waits for it: a wait returns as soon as the call is recorded.
  ///
  /// A machine that runs a large suite in parallel under load can leave a test waiting its turn
  /// longer than that; set the variable for the test run rather than passing `timeout:` at every
  /// call. It is read once, when a default is first needed; a value that is not a positive number
  /// of seconds is ignored, with a note on standard error.
  ///
  /// ```sh
  /// NAPKIN_DEFAULT_TIMEOUT=30 swift test
  /// ```
  public static let napkinDefaultTimeout: Duration = DefaultTimeout.resolve()
}
