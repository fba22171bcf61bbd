public import Observation

/// The track playing now, followed live through a ``NowPlayingService``.
///
/// - ``follow()`` subscribes and shows each track as it arrives (``track``, appended to
///   ``history``) until the feed finishes (``FeedState/ended``), fails, or the task running it is
///   cancelled. A view runs it in its `.task {}`, so leaving the screen cancels the subscription.
/// - A failed feed keeps the last track on screen and shows ``FeedState/failed(_:)`` with the
///   error's message; ``canRetry`` is then `true` and ``retry()`` subscribes again.
/// - A cancellation (the following task cancelled, or the feed throwing `CancellationError`) is
///   never a failure: the state returns to ``FeedState/idle``, and the next ``follow()``
///   subscribes again.
///
/// Isolation: `@MainActor` (the module default).
@Observable
public final class NowPlayingViewModel {
  /// How the feed stands.
  public private(set) var state: FeedState = .idle
  /// The track playing now: the latest the feed sent. It stays when the feed ends or fails.
  public private(set) var track: Track?
  /// Every track shown since the view model was created, oldest first; the last is ``track``.
  public private(set) var history: [Track] = []

  @ObservationIgnored private let service: any NowPlayingService

  /// Creates the view model; nothing is subscribed until ``follow()``.
  public init(service: any NowPlayingService) {
    self.service = service
  }

  /// Whether a subscription is open: connecting, or live.
  public var isFollowing: Bool {
    state == .connecting || state == .live
  }

  /// Whether the feed failed, so the screen offers ``retry()``.
  public var canRetry: Bool {
    state.failureMessage != nil
  }

  /// Subscribes to the feed and shows each track, until the feed ends, fails, or the calling task
  /// is cancelled; returns then.
  ///
  /// Does nothing while a subscription is open.
  public func follow() async {
    guard !isFollowing else { return }
    state = .connecting
    do {
      for try await next in service.nowPlaying() {
        track = next
        history.append(next)
        state = .live
      }
      // A subscription whose task was cancelled ends as a finished one does: that is not the
      // feed's end.
      try Task.checkCancellation()
      state = .ended
    } catch is CancellationError {
      state = .idle
    } catch {
      state = .failed("Lost the live feed. " + FailureMessage.text(for: error))
    }
  }

  /// Subscribes again after the feed failed, as ``follow()`` does; otherwise does nothing.
  public func retry() async {
    guard canRetry else { return }
    await follow()
  }
}
