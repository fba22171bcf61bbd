/// The playback backend: a live feed of the track playing on the user's devices.
///
/// `nonisolated` so conformers (a socket client, a test mock) can run off the main actor; in
/// this default-MainActor module the protocol would otherwise be `@MainActor`.
nonisolated public protocol NowPlayingService: Sendable {
  /// A new subscription to the track playing now.
  ///
  /// It yields each track as playback moves to it, finishes when the playback session ends, and
  /// throws when the feed fails (the connection drops, the session expires). Each call opens a
  /// subscription of its own; cancelling the task that iterates it closes it.
  func nowPlaying() -> AsyncThrowingStream<Track, any Error>
}
