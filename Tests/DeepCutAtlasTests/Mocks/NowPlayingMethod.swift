/// The methods of `NowPlayingService`, the keys of `MockNowPlayingService`'s failure injection.
///
/// `CaseIterable`, so a sweep's report names a method no run called.
enum NowPlayingMethod: Hashable, Sendable, CaseIterable {
  case nowPlaying
}
