import napkin

/// A track of the jukebox.
public struct Track: Hashable, Sendable {
  public let id: Int

  public init(id: Int) {
    self.id = id
  }
}

/// The jukebox's backend.
public protocol TrackService: Sendable {
  /// The ids of the tracks the room plays, as they start.
  var nowPlaying: AsyncStream<Int> { get }

  func fetchTrack(id: Int) async throws -> Track
  func like(id: Int) async throws
}

/// What the player shows.
@MainActor
public protocol PlayerPresentable: Presentable {
  func present(track: Track)
  func presentFailure(id: Int)
}

/// Loads every track the room starts playing, and every track the user selects, each in a task
/// bound to the activation.
public final actor PlayerInteractor: PresentableInteractable {
  public nonisolated let lifecycle = InteractorLifecycle()
  public nonisolated let presenter: any PlayerPresentable
  private let service: any TrackService

  public init(presenter: any PlayerPresentable, service: any TrackService) {
    self.presenter = presenter
    self.service = service
  }

  public func didBecomeActive() async {
    let nowPlaying = service.nowPlaying
    task {
      for await id in nowPlaying { await self.load(id) }
    }
  }

  /// Loads each selected track in a task of its own.
  public func didSelect(_ ids: [Int]) {
    for id in ids {
      task { await self.load(id) }
    }
  }

  private func load(_ id: Int) async {
    do {
      let track = try await service.fetchTrack(id: id)
      await presenter.present(track: track)
    } catch is CancellationError {
      // Deactivated while loading: nothing to show.
    } catch {
      await presenter.presentFailure(id: id)
    }
  }
}
