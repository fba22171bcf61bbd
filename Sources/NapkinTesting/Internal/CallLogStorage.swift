import NapkinMutex

/// A ``CallRecorder``'s log behind its lock, shared with the timeline of the test it was created
/// in.
///
/// The timeline keeps the storage, not the recorder: a mock released during the test still shows
/// its calls, and no recorder lives longer than its test made it.
///
/// Isolation: `Sendable`; the log is only reached under the lock.
final class CallLogStorage: Sendable {
  let state = Mutex(CallLog())
}
