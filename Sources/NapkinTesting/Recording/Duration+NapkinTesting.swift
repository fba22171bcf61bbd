extension Duration {
  /// The timeout NapkinTesting waits use unless told otherwise: five seconds.
  ///
  /// Generous on a loaded CI machine, yet a missing call still fails the test quickly. The
  /// success path never waits for it: a wait returns as soon as the call is recorded.
  public static let napkinDefaultTimeout: Duration = .seconds(5)
}
