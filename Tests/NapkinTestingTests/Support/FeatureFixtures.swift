import NapkinTesting

// Feature code the tests drive with mocks: a Launch napkin and a paginated library screen.

struct User: Equatable, Sendable {
  var name: String
  var barbecueFoods: [String] = []
}

// MARK: The Launch napkin

protocol AuthService: Sendable {
  func login() async throws -> User
  func logout() async throws
}

/// The Launch napkin's routing protocol; it refines `LaunchRouting`.
protocol LaunchNapkinRouting: LaunchRouting {
  func attachLoggedOut() async
  func attachLoggedIn(user: User) async
}

protocol LoggedOutNapkinListener: Sendable {
  func loggedOutDidTapLogin() async
}

final actor LaunchNapkinInteractor: Interactable, LoggedOutNapkinListener {
  nonisolated let lifecycle = InteractorLifecycle()
  private weak var router: (any LaunchNapkinRouting)?
  private let authService: any AuthService

  init(authService: any AuthService) {
    self.authService = authService
  }

  func wire(router: any LaunchNapkinRouting) {
    self.router = router
  }

  func didBecomeActive() async {
    await router?.attachLoggedOut()
  }

  func loggedOutDidTapLogin() async {
    do {
      let user = try await authService.login()
      await router?.attachLoggedIn(user: user)
    } catch {
      // Stay on the logged-out screen.
    }
  }
}

/// A leaf interactor that forwards a tap to its listener, as a login screen does.
final actor LoggedOutNapkinInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let listener: any LoggedOutNapkinListener

  init(listener: any LoggedOutNapkinListener) {
    self.listener = listener
  }

  func didTapLogin() async {
    await listener.loggedOutDidTapLogin()
  }
}

enum AuthMethod: Hashable, Sendable {
  case login
  case logout
}

/// A hand-written `MockAuthService`, without an unchecked Sendable conformance.
final class MockAuthService: AuthService, MockService {
  let mock = MockServiceCore<AuthMethod>("MockAuthService")
  let loginResult = Stub<User>(label: "loginResult")

  func login() async throws -> User {
    try await throwIfFailing(.login)
    return try loginResult.get()
  }

  func logout() async throws {
    try await throwIfFailing(.logout)
  }
}

// MARK: A paginated library: failure injection by method

struct Track: Equatable, Sendable {
  var title: String
}

protocol LibraryService: Sendable {
  func fetchRecentlyPlayed(page: Int) async throws -> [Track]
  func fetchLibraryArtists() async throws -> [String]
  func createPlaylist(named name: String) async throws -> Int
  func addTracksToLibrary(_ tracks: [Track]) async throws
  /// A synchronous member, to drive the synchronous `throwIfFailing`.
  func cachedTrackCount() throws -> Int
}

/// The library service's method enum, named as apps usually name it.
enum MockMethod: Hashable, Sendable {
  case fetchLibraryArtists, fetchPlaylistContents, fetchRecentlyPlayed, createPlaylist,
    addTracksToLibrary, removeTracksFromPlaylist, cachedTrackCount
}

/// A user's mock of a `Sendable` service with stubbed return values: only `let`s of `Sendable`
/// types, no unchecked Sendable conformance.
final class MockLibraryService: LibraryService, MockService {
  let mock = MockServiceCore<MockMethod>("MockLibraryService")
  let recentlyPlayed = Stub<[Track]>([Track(title: "Brisket Blues")], label: "recentlyPlayed")
  let artists = Stub<[String]>(["Smokey Joe"], label: "artists")
  let createdPlaylistID = Stub<Int>(label: "createdPlaylistID")
  let trackCount = Stub<Int>(3, label: "trackCount")

  func fetchRecentlyPlayed(page: Int) async throws -> [Track] {
    try await throwIfFailing(.fetchRecentlyPlayed)
    return recentlyPlayed.get(default: [])
  }

  func fetchLibraryArtists() async throws -> [String] {
    try await throwIfFailing(.fetchLibraryArtists)
    return try artists.get()
  }

  func createPlaylist(named name: String) async throws -> Int {
    try await throwIfFailing(.createPlaylist)
    return try createdPlaylistID.get()
  }

  func addTracksToLibrary(_ tracks: [Track]) async throws {
    try await throwIfFailing(.addTracksToLibrary)
  }

  func cachedTrackCount() throws -> Int {
    try throwIfFailing(.cachedTrackCount)
    return try trackCount.get()
  }
}

/// A paginated view model: errors end pagination quietly, cancellation changes nothing.
@MainActor
final class RecentlyPlayedViewModel {
  enum State: Equatable {
    case idle
    case loaded
    case failed
  }

  private(set) var state = State.idle
  private(set) var tracks: [Track] = []
  private(set) var hasMore = true
  private var nextPage = 0
  private let service: any LibraryService

  init(service: any LibraryService) {
    self.service = service
  }

  func load() async {
    do {
      let page = try await service.fetchRecentlyPlayed(page: 0)
      tracks = page
      nextPage = 1
      state = .loaded
    } catch is CancellationError {
      // A cancelled load changes nothing.
    } catch {
      state = .failed
    }
  }

  func loadMore() async {
    guard hasMore else { return }
    do {
      let page = try await service.fetchRecentlyPlayed(page: nextPage)
      tracks += page
      nextPage += 1
    } catch is CancellationError {
      // A cancelled page changes nothing.
    } catch {
      hasMore = false
    }
  }
}
