import DeepCutAtlas
import NapkinTesting
import Testing

// @MainActor on purpose: in a default-MainActor project the convention is load-bearing.
@MainActor
@Suite(.napkinChecks(strict: true))
struct PlaylistEditorViewModelTests {
  private let tracks = Fixtures.tracks(1...5)

  /// A loaded editor over a five-track playlist; its first fetch is already asserted.
  private func makeLoadedSUT(
    cache: LibraryCache = LibraryCache(), batchSize: Int = 2
  ) async -> (PlaylistEditorViewModel, MockLibraryService) {
    let service = MockLibraryService()
    service.playlistContents.value = tracks
    let sut = PlaylistEditorViewModel(
      playlistID: Fixtures.playlistID, service: service, cache: cache,
      libraryBatchSize: batchSize)
    await sut.load()
    #expect(sut.state == .loaded)
    #expect(service.calls == [.fetchPlaylistContents])
    service.calls.reset()
    service.requests.reset()
    return (sut, service)
  }

  // MARK: Happy paths

  @Test func load_showsTracksAndCachesThem() async {
    let cache = LibraryCache()
    let (sut, _) = await makeLoadedSUT(cache: cache)

    #expect(sut.tracks == tracks)
    #expect(cache.playlistContents[Fixtures.playlistID] == tracks)
  }

  @Test func removeTracks_success_updatesListAndCache() async {
    let cache = LibraryCache()
    let (sut, service) = await makeLoadedSUT(cache: cache)

    await sut.removeTracks(["t2", "t4", "missing"])

    let remaining = tracks.filter { !["t2", "t4"].contains($0.id) }
    #expect(sut.tracks == remaining)
    #expect(cache.playlistContents[Fixtures.playlistID] == remaining)
    #expect(sut.toast == .success("Removed 2 tracks."))
    #expect(!sut.isSaving)
    #expect(service.calls == [.removeTracksFromPlaylist])
    #expect(service.requests == [.removeTracksFromPlaylist(["t2", "t4"], from: "pl-1")])
  }

  @Test func saveAsNewPlaylist_success_setsCreatedPlaylist() async {
    let (sut, service) = await makeLoadedSUT()
    service.newPlaylistID.value = "pl-new"

    await sut.saveAsNewPlaylist(named: "Deep Cuts")

    let ids = tracks.map(\.id)
    #expect(sut.createdPlaylist == Playlist(id: "pl-new", name: "Deep Cuts", trackIDs: ids))
    #expect(sut.toast == .success("Created \"Deep Cuts\"."))
    #expect(sut.tracks == tracks)
    #expect(service.requests == [.createPlaylist(name: "Deep Cuts", trackIDs: ids)])
    #expect(service.calls == [.createPlaylist])
  }

  @Test func addAllToLibrary_sendsChunkedBatches() async {
    let (sut, service) = await makeLoadedSUT(batchSize: 2)

    await sut.addAllToLibrary()

    #expect(sut.toast == .success("Added 5 tracks to your library."))
    #expect(
      service.requests == [
        .addTracksToLibrary(["t1", "t2"]), .addTracksToLibrary(["t3", "t4"]),
        .addTracksToLibrary(["t5"]),
      ])
    #expect(service.calls.count(of: .addTracksToLibrary) == 3)
  }

  @Test func secondWrite_whileFirstInFlight_isIgnored() async {
    let (sut, service) = await makeLoadedSUT()
    service.hold(.removeTracksFromPlaylist)
    let remove = Task { await sut.removeTracks(["t1"]) }
    await service.waitUntilHeld(.removeTracksFromPlaylist)
    #expect(sut.isSaving)

    await sut.saveAsNewPlaylist(named: "Too soon")
    service.release(.removeTracksFromPlaylist)
    await remove.value

    #expect(sut.createdPlaylist == nil)
    #expect(sut.tracks == Array(tracks.dropFirst()))
    #expect(service.calls == [.removeTracksFromPlaylist])
  }

  // MARK: Reading fails

  @Test func load_failure_showsFailedState() async {
    let service = MockLibraryService()
    service.failingMethods = [.fetchPlaylistContents]
    let cache = LibraryCache()
    let sut = PlaylistEditorViewModel(
      playlistID: Fixtures.playlistID, service: service, cache: cache)

    await sut.load()

    #expect(sut.state == .failed(FailureMessage.generic))
    #expect(sut.tracks.isEmpty)
    #expect(cache.playlistContents.isEmpty)
    #expect(service.calls == [.fetchPlaylistContents])
  }

  @Test func writes_afterFailedLoad_sendNothing() async {
    let service = MockLibraryService()
    service.fail(.fetchPlaylistContents, with: LibraryError.notFound)
    let sut = PlaylistEditorViewModel(playlistID: Fixtures.playlistID, service: service)
    await sut.load()

    await sut.removeTracks(["t1"])
    await sut.addAllToLibrary()
    await sut.saveAsNewPlaylist(named: "Nope")

    #expect(sut.state == .failed("That item no longer exists."))
    #expect(sut.toast == nil)
    #expect(service.calls == [.fetchPlaylistContents])
  }

  @Test func cachedTracks_backgroundRefreshFailure_keepsThemAndShowsToast() async {
    let service = MockLibraryService()
    service.failingMethods = [.fetchPlaylistContents]
    let cache = LibraryCache()
    cache.playlistContents[Fixtures.playlistID] = tracks
    let sut = PlaylistEditorViewModel(
      playlistID: Fixtures.playlistID, service: service, cache: cache)

    await sut.load()

    #expect(sut.state == .loaded)
    #expect(sut.tracks == tracks)
    #expect(sut.toast == .failure("Couldn't refresh the playlist. " + FailureMessage.generic))
    #expect(cache.playlistContents[Fixtures.playlistID] == tracks)
    #expect(service.calls == [.fetchPlaylistContents])
  }

  // MARK: Fetch succeeds, the write fails

  @Test func removeTracks_writeFails_rollsBackAndShowsToast() async {
    let cache = LibraryCache()
    let (sut, service) = await makeLoadedSUT(cache: cache)
    service.failingMethods = [.removeTracksFromPlaylist]

    await sut.removeTracks(["t3"])

    #expect(sut.tracks == tracks)
    #expect(sut.toast == .failure("Couldn't remove 1 track. " + FailureMessage.generic))
    #expect(cache.playlistContents[Fixtures.playlistID] == tracks)
    #expect(!sut.isSaving)
    #expect(service.calls == [.removeTracksFromPlaylist])
  }

  @Test func removeTracks_rateLimited_showsRetryMessage() async {
    let (sut, service) = await makeLoadedSUT()
    service.fail(.removeTracksFromPlaylist, with: LibraryError.rateLimited(retryAfterSeconds: 30))

    await sut.removeTracks(["t1", "t2"])

    #expect(
      sut.toast == .failure("Couldn't remove 2 tracks. Too many requests. Try again in 30 s."))
    #expect(service.calls.count == 1)
  }

  @Test func heldRemove_showsOptimisticRemoval_thenRestoresTracksInPlaceOnFailure() async {
    let (sut, service) = await makeLoadedSUT()
    service.hold(.removeTracksFromPlaylist)
    let remove = Task { await sut.removeTracks(["t2", "t4"]) }
    await service.waitUntilHeld(.removeTracksFromPlaylist)
    #expect(sut.tracks.map(\.id) == ["t1", "t3", "t5"])
    #expect(sut.isSaving)

    service.failingMethods = [.removeTracksFromPlaylist]
    service.release(.removeTracksFromPlaylist)
    await remove.value

    #expect(sut.tracks.map(\.id) == ["t1", "t2", "t3", "t4", "t5"])
    #expect(sut.toast?.style == .failure)
    #expect(!sut.isSaving)
    #expect(service.calls == [.removeTracksFromPlaylist])
  }

  @Test func removeTracks_cancelled_rollsBackWithoutToast() async {
    let (sut, service) = await makeLoadedSUT()
    service.hold(.removeTracksFromPlaylist)
    let remove = Task { await sut.removeTracks(["t1"]) }
    await service.waitUntilHeld(.removeTracksFromPlaylist)

    remove.cancel()
    await remove.value

    #expect(sut.tracks == tracks)
    #expect(sut.toast == nil)
    #expect(service.calls == [.removeTracksFromPlaylist])
  }

  @Test func saveAsNewPlaylist_writeFails_showsToastAndKeepsList() async {
    let (sut, service) = await makeLoadedSUT()
    service.fail(.createPlaylist, with: LibraryError.offline)

    await sut.saveAsNewPlaylist(named: "Deep Cuts")

    #expect(sut.toast == .failure("Couldn't create the playlist. You're offline."))
    #expect(sut.createdPlaylist == nil)
    #expect(sut.tracks == tracks)
    #expect(service.calls == [.createPlaylist])
  }

  @Test func saveAsNewPlaylist_blankName_sendsNothing() async {
    let (sut, service) = await makeLoadedSUT()

    await sut.saveAsNewPlaylist(named: "  \t")

    #expect(sut.toast == .failure("Give the playlist a name."))
    #expect(service.calls.count == 0)
  }

  @Test func addAllToLibrary_firstBatchFails_showsToast() async {
    let (sut, service) = await makeLoadedSUT(batchSize: 2)
    service.failingMethods = [.addTracksToLibrary]

    await sut.addAllToLibrary()

    #expect(sut.toast == .failure("Couldn't add tracks to your library. " + FailureMessage.generic))
    #expect(sut.tracks == tracks)
    #expect(service.calls == [.addTracksToLibrary])
  }

  @Test func addAllToLibrary_secondBatchFails_saysHowManyWereAdded() async {
    let (sut, service) = await makeLoadedSUT(batchSize: 2)
    // Let the first batch through, then fail the second: hold each call and decide per call.
    service.hold(.addTracksToLibrary)
    let add = Task { await sut.addAllToLibrary() }
    await service.waitUntilHeld(.addTracksToLibrary)
    service.release(.addTracksToLibrary)
    service.hold(.addTracksToLibrary)  // before the main actor lets the view model go on
    await service.waitUntilHeld(.addTracksToLibrary, count: 2)
    service.failNext(1, of: .addTracksToLibrary, with: LibraryError.offline)
    service.release(.addTracksToLibrary)
    await add.value

    #expect(sut.toast == .failure("Added 2 of 5 tracks to your library. You're offline."))
    #expect(
      service.requests == [
        .addTracksToLibrary(["t1", "t2"]), .addTracksToLibrary(["t3", "t4"]),
      ])
    #expect(service.calls.count == 2)
  }

  @Test func addAllToLibrary_cancellationError_showsNoToast() async {
    let (sut, service) = await makeLoadedSUT(batchSize: 2)
    service.injectedError = CancellationError()
    service.failingMethods = [.addTracksToLibrary]

    await sut.addAllToLibrary()

    #expect(sut.toast == nil)
    #expect(!sut.isSaving)
    #expect(service.calls == [.addTracksToLibrary])
  }
}
