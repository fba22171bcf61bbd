extension CallRecorder where Call: Equatable {
  /// Whether the recorder holds exactly `calls`, in order; reads count as asserting.
  ///
  /// Lets a test compare a recorder with the expected calls directly; Swift Testing prints both
  /// sides when they differ.
  ///
  /// ```swift
  /// #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(user)])
  /// ```
  public static func == (recorder: CallRecorder, calls: [Call]) -> Bool {
    recorder.calls == calls
  }

  /// Whether the recorder does not hold exactly `calls`, in order.
  public static func != (recorder: CallRecorder, calls: [Call]) -> Bool {
    !(recorder == calls)
  }
}
