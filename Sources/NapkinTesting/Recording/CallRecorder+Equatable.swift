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
    recorder.all == calls
  }

  /// Whether the recorder does not hold exactly `calls`, in order.
  public static func != (recorder: CallRecorder, calls: [Call]) -> Bool {
    !(recorder == calls)
  }
}

extension CallRecorder where Call: Equatable {
  /// Whether `calls` are exactly the recorder's calls, in order; reads count as asserting.
  public static func == (calls: [Call], recorder: CallRecorder) -> Bool {
    recorder == calls
  }

  /// Whether `calls` are not exactly the recorder's calls, in order.
  public static func != (calls: [Call], recorder: CallRecorder) -> Bool {
    !(recorder == calls)
  }
}
