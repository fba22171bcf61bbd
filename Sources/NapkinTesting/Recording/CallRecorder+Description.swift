import NapkinMutex

extension CallRecorder: CustomStringConvertible {
  /// The label and the calls recorded so far, such as `MockAuth: [login, logout]`.
  ///
  /// Describing a recorder does not count as asserting its calls.
  public var description: String {
    "\(label): [\(Listing.items(storage.state.withLock { $0.calls }))]"
  }
}
