import DeepCutAtlas
import NapkinTesting
import Testing

/// The example's five view models swept: every call of every service method answered with
/// success, failure and cancellation, in every order the explorer tries, with and without cached
/// content, and the now-playing feed ended in each way it can (finished, failed, cancelled).
/// `make sweep-coverage` runs these alone and prints the code regions they did not reach. A sweep
/// is about every answer reaching the code, so it orders events only: with the awaits too, each
/// runs four to five times the orders.
@MainActor
@Suite struct ViewModelSweepTests {
  static let outcomes: [ExploredAnswer] = [
    .success, .failure(LibraryError.offline), .cancellation,
  ]

  /// The default strategy, ordering events only.
  static let eventsOnly = ExplorationStrategy.automatic.interleavingAwaits(preemptions: 0)

  @Test(arguments: [false, true])
  func recentlyPlayed_sweep(cached: Bool) async {
    let report = await explore(strategy: Self.eventsOnly) { scenario in
      let service = MockLibraryService()
      service.recentlyPlayedPages.value = Fixtures.feed(pages: 3)
      let cache = LibraryCache()
      if cached { cache.recentlyPlayed = Fixtures.feed(pages: 3)[1] }
      let vm = RecentlyPlayedViewModel(service: service, cache: cache)
      scenario.answers(service, with: Self.outcomes)
      scenario.action("load") { await vm.load() }
      scenario.action("more") { await vm.loadMore() }
      scenario.action("refresh") { await vm.refresh() }
      scenario.action("retry") {
        await vm.retryLoadMore()
        await vm.dismissToast()
      }
      Self.readsEverything(scenario, service)
    }
    #expect(report.passed, "\(report)")
    #expect(report.answeredCalls["MockLibraryService.fetchRecentlyPlayed"]?.count == 3)
  }

  @Test(arguments: [false, true])
  func libraryArtists_sweep(cached: Bool) async {
    let report = await explore(strategy: Self.eventsOnly) { scenario in
      let service = MockLibraryService()
      service.libraryArtists.value = Fixtures.artists
      let cache = LibraryCache()
      if cached { cache.artists = Fixtures.artists }
      let vm = LibraryArtistsViewModel(service: service, cache: cache)
      scenario.answers(service, with: Self.outcomes)
      scenario.action("load") { await vm.load() }
      scenario.action("refresh") {
        await vm.refresh()
        await vm.dismissToast()
      }
      Self.readsEverything(scenario, service)
    }
    #expect(report.passed, "\(report)")
    #expect(report.isExhaustive, "\(report)")
  }

  /// The editor's reads and a removal; then its writes, each against a refresh.
  @Test(arguments: [false, true], [false, true])
  func playlistEditor_sweep(cached: Bool, writes: Bool) async {
    let report = await explore(strategy: Self.eventsOnly) { scenario in
      let service = MockLibraryService()
      service.playlistContents.value = Fixtures.tracks(1...4)
      service.newPlaylistID.value = "pl-new"
      let cache = LibraryCache()
      if cached { cache.playlistContents[Fixtures.playlistID] = Fixtures.tracks(1...4) }
      let vm = PlaylistEditorViewModel(
        playlistID: Fixtures.playlistID, service: service, cache: cache, libraryBatchSize: 2)
      scenario.answers(service, with: Self.outcomes)
      scenario.action("load") {
        await vm.load()
        await vm.load()
      }
      scenario.action("refresh") { await vm.refresh() }
      if writes {
        scenario.action("add") { await vm.addAllToLibrary() }
        scenario.action("save") {
          await vm.saveAsNewPlaylist(named: " ")
          await vm.saveAsNewPlaylist(named: "Mix")
          await vm.dismissToast()
        }
      } else {
        scenario.action("remove") {
          await vm.removeTracks(["not-in-the-playlist"])
          await vm.removeTracks([Fixtures.tracks(1...1)[0].id])
        }
      }
      Self.readsEverything(scenario, service)
    }
    #expect(report.passed, "\(report)")
  }

  @Test(arguments: [false, true])
  func user_sweep(savedUser: Bool) async {
    let report = await explore(strategy: Self.eventsOnly) { scenario in
      let auth = MockAuthManaging()
      auth.signInResult.value = Fixtures.john
      let session = MockSessionManager()
      if savedUser { session.storedUser.value = Fixtures.john }
      let vm = UserViewModel(authManager: auth, sessionManager: session)
      scenario.answers(auth, with: Self.outcomes)
      scenario.action("signIn") { await vm.signIn() }
      scenario.action("signIn") { await vm.signIn() }
      scenario.action("signOut") { await vm.signOut() }
      scenario.expect("every call read") {
        _ = auth.calls.count
        _ = session.calls.count
        return true
      }
    }
    #expect(report.passed, "\(report)")
  }

  /// The now-playing feed: each subscription answered with each outcome, tracks sent, and the
  /// feed's end (finished, failed, cancelled) at every point; with a retry, or with a second
  /// screen following at the same time.
  @Test(arguments: [false, true])
  func nowPlaying_sweep(twoScreens: Bool) async {
    let report = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 0)) {
      scenario in
      let service = MockNowPlayingService()
      let vm = NowPlayingViewModel(service: service)
      scenario.answers(service, with: Self.outcomes)
      scenario.sends(Fixtures.tracks(twoScreens ? 1...1 : 1...2), on: service.feed)
      scenario.ends(service.feed, with: [.finished, .failure(LibraryError.offline), .cancellation])
      scenario.action("follow") { await vm.follow() }
      if twoScreens {
        scenario.action("follow") { await vm.follow() }
      } else {
        scenario.action("retry") { await vm.retry() }
      }
      let shown = Shown()
      scenario.invariant("the track never disappears once shown") {
        await MainActor.run { shown.check(vm.track == nil) }
      }
      scenario.invariant("the track shown is the last one received") {
        await MainActor.run { vm.track == vm.history.last }
      }
      scenario.expect("no subscription left open") {
        _ = service.calls.count
        return await MainActor.run { !vm.isFollowing } && service.feed.subscriberCount == 0
      }
    }
    #expect(report.passed, "\(report)")
    #expect(report.isExhaustive, "\(report)")
    let answered = report.answeredCalls["MockNowPlayingService.nowPlaying"] ?? [:]
    #expect(answered.keys.sorted() == ["⊘", "✓", "✗"], "\(report.answeredCalls)")
  }

  /// Reads every call of `service`, so the runs' strict checks pass.
  nonisolated static func readsEverything(_ scenario: Scenario, _ service: MockLibraryService) {
    scenario.expect("every request read") {
      _ = service.calls.count
      _ = service.requests.all
      return true
    }
  }
}
