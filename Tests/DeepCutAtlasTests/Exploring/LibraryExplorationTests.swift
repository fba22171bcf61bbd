import DeepCutAtlas
import NapkinTesting
import Testing

/// The artists list and the playlist editor explored: loading, refreshing and (for the editor)
/// removing tracks, in every order, with every call answered with success, failure and
/// cancellation. The invariants are the view models' documented promises.
@MainActor
@Suite struct LibraryExplorationTests {
  static let outcomes: [ExploredAnswer] = [
    .success, .failure(LibraryError.offline), .cancellation,
  ]

  @Test func artists_loadAndRefresh_keepTheirPromisesInEveryOrder() async {
    let report = await explore { scenario in
      let service = MockLibraryService()
      service.libraryArtists.value = Fixtures.artists
      let vm = LibraryArtistsViewModel(service: service)
      scenario.answers(service, .fetchLibraryArtists, with: Self.outcomes)
      scenario.action("load") { await vm.load() }
      scenario.action("refresh") { await vm.refresh() }
      // Content never disappears once shown, and no failure state shows while it does.
      let shown = Shown()
      scenario.invariant("artists never disappear once shown") {
        await MainActor.run { shown.check(vm.artists.isEmpty) }
      }
      scenario.invariant("no failure state while artists show") {
        await MainActor.run {
          if case .failed = vm.state { vm.artists.isEmpty } else { true }
        }
      }
      scenario.expect("every request read") {
        _ = service.calls.count
        _ = service.requests.all
        return true
      }
    }
    #expect(report.orders > 1)
  }

  @Test func playlist_loadRefreshAndRemove_keepTheirPromisesInEveryOrder() async {
    let report = await explore(strategy: .automatic.interleavingAwaits(preemptions: 0)) {
      scenario in
      let service = MockLibraryService()
      service.playlistContents.value = Fixtures.tracks(1...4)
      let vm = PlaylistEditorViewModel(playlistID: Fixtures.playlistID, service: service)
      scenario.answers(service, .fetchPlaylistContents, with: Self.outcomes)
      scenario.answers(service, .removeTracksFromPlaylist, with: Self.outcomes)
      scenario.action("load") { await vm.load() }
      scenario.action("refresh") { await vm.refresh() }
      let first = Fixtures.tracks(1...1).map(\.id)
      scenario.action("remove") { await vm.removeTracks(Set(first)) }
      scenario.invariant("no failure state while tracks show") {
        await MainActor.run {
          if case .failed = vm.state { vm.tracks.isEmpty } else { true }
        }
      }
      // Removing one of four tracks is the only way a shown track goes away.
      let shown = Shown()
      scenario.invariant("tracks never disappear once shown, but the one removed") {
        await MainActor.run { shown.check(vm.tracks.count < 3) }
      }
      scenario.expect("every request read") {
        _ = service.calls.count
        _ = service.requests.all
        return true
      }
    }
    #expect(report.orders > 1)
  }

  @Test func cancelledRequests_showNoFailure_inAnyOrder() async {
    let answers: [ExploredAnswer] = [.success, .cancellation]
    let artists = await explore { scenario in
      let service = MockLibraryService()
      service.libraryArtists.value = Fixtures.artists
      let vm = LibraryArtistsViewModel(service: service)
      scenario.answers(service, .fetchLibraryArtists, with: answers)
      scenario.action("load") { await vm.load() }
      scenario.action("refresh") { await vm.refresh() }
      scenario.invariant("no failure state and no toast") {
        await MainActor.run {
          if case .failed = vm.state { false } else { vm.toast == nil }
        }
      }
      scenario.expect("every request read") {
        _ = service.calls.count
        _ = service.requests.all
        return true
      }
    }
    #expect(artists.isExhaustive, "\(artists)")
    let feed = await explore(strategy: .automatic.interleavingAwaits(preemptions: 0)) { scenario in
      let service = MockLibraryService()
      service.recentlyPlayedPages.value = Fixtures.feed(pages: 3)
      let vm = RecentlyPlayedViewModel(service: service)
      scenario.answers(service, .fetchRecentlyPlayed, with: answers)
      scenario.action("load") { await vm.load() }
      scenario.action("more") { await vm.loadMore() }
      scenario.action("refresh") { await vm.refresh() }
      scenario.invariant("no failure state, no toast, and paging not failed") {
        await MainActor.run {
          if case .failed = vm.state { false } else { vm.toast == nil && !vm.loadMoreFailed }
        }
      }
      scenario.expect("every request read") {
        _ = service.calls.count
        _ = service.requests.all
        return true
      }
    }
    #expect(feed.isExhaustive, "\(feed)")
  }
}
