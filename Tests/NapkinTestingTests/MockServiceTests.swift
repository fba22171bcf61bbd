import Testing

@testable import NapkinTesting

private struct NetworkDown: Error, Equatable {}
private struct Unauthorized: Error, Equatable {}

@Suite struct MockServiceTests {
  // MARK: A user's mock

  @Test func userMock_returnsItsStubbedValues() async throws {
    let service = MockLibraryService()
    service.artists.value = ["Smokey Joe", "Pit Boss"]
    service.createdPlaylistID.value = 42
    #expect(try await service.fetchRecentlyPlayed(page: 0) == [Track(title: "Brisket Blues")])
    #expect(try await service.fetchLibraryArtists() == ["Smokey Joe", "Pit Boss"])
    #expect(try await service.createPlaylist(named: "Ribs") == 42)
    #expect(try service.cachedTrackCount() == 3)
    #expect(
      service.calls == [
        .fetchRecentlyPlayed, .fetchLibraryArtists, .createPlaylist, .cachedTrackCount,
      ])
  }

  @Test func userMock_isSendable_andUsableFromAnyTask() async throws {
    let service: any LibraryService = MockLibraryService()
    let artists = try await Task.detached { try await service.fetchLibraryArtists() }.value
    #expect(artists == ["Smokey Joe"])
  }

  // MARK: failingMethods and injectedError

  @Test func failingMethods_setToOneMethod_failsOnlyThatMethod() async throws {
    let service = MockLibraryService()
    service.failingMethods = [.fetchRecentlyPlayed]
    await #expect(throws: SimulatedError()) { try await service.fetchRecentlyPlayed(page: 1) }
    #expect(try await service.fetchLibraryArtists() == ["Smokey Joe"])
    try await service.addTracksToLibrary([])
    #expect(
      service.calls == [.fetchRecentlyPlayed, .fetchLibraryArtists, .addTracksToLibrary])
  }

  @Test func failingMethods_failsEveryCallUntilCleared() async throws {
    let service = MockLibraryService()
    service.failingMethods = [.fetchLibraryArtists]
    for _ in 0..<3 {
      await #expect(throws: SimulatedError.self) { try await service.fetchLibraryArtists() }
    }
    service.failingMethods = []
    #expect(try await service.fetchLibraryArtists() == ["Smokey Joe"])
    #expect(service.failingMethods.isEmpty)
  }

  @Test func failingMethods_defaultsToNone_andReadsBack() {
    let service = MockLibraryService()
    #expect(service.failingMethods.isEmpty)
    service.failingMethods = [.createPlaylist, .fetchRecentlyPlayed]
    #expect(service.failingMethods == [.createPlaylist, .fetchRecentlyPlayed])
  }

  @Test func pagination_pagination_secondPageFails_listSurvivesAndPaginationEnds() async {
    let service = MockLibraryService()
    let viewModel = await RecentlyPlayedViewModel(service: service)
    await viewModel.load()  // first page: fine
    service.failingMethods = [.fetchRecentlyPlayed]  // now the network "dies"
    await viewModel.loadMore()
    #expect(await viewModel.state == .loaded)
    #expect(await !viewModel.hasMore)
    #expect(await viewModel.tracks == [Track(title: "Brisket Blues")])
  }

  @Test func pagination_firstPageFails_showsFailure() async {
    let service = MockLibraryService()
    service.failingMethods = [.fetchRecentlyPlayed]
    let viewModel = await RecentlyPlayedViewModel(service: service)
    await viewModel.load()
    #expect(await viewModel.state == .failed)
  }

  @Test func injectedError_defaultsToSimulatedError() {
    let service = MockLibraryService()
    #expect(service.injectedError as? SimulatedError == SimulatedError())
  }

  @Test func injectedError_isThrownByFailingMethods() async {
    let service = MockLibraryService()
    service.injectedError = NetworkDown()
    service.failingMethods = [.createPlaylist]
    await #expect(throws: NetworkDown()) { try await service.createPlaylist(named: "x") }
  }

  @Test func injectedCancellationError_isThrown_andTheViewModelStaysUnchanged() async {
    let service = MockLibraryService()
    service.injectedError = CancellationError()
    service.failingMethods = [.fetchRecentlyPlayed]
    await #expect(throws: CancellationError.self) { try await service.fetchRecentlyPlayed(page: 0) }
    let viewModel = await RecentlyPlayedViewModel(service: service)
    await viewModel.load()
    #expect(await viewModel.state == .idle)
    #expect(await viewModel.tracks.isEmpty)
  }

  // MARK: Per-method error

  @Test func failWith_usesThatErrorForThatMethodOnly() async throws {
    let service = MockLibraryService()
    service.fail(.createPlaylist, with: Unauthorized())
    service.failingMethods.insert(.fetchLibraryArtists)
    await #expect(throws: Unauthorized()) { try await service.createPlaylist(named: "x") }
    await #expect(throws: SimulatedError()) { try await service.fetchLibraryArtists() }
    #expect(try await service.fetchRecentlyPlayed(page: 0).count == 1)
    #expect(service.failingMethods == [.createPlaylist, .fetchLibraryArtists])
  }

  @Test func stopFailing_makesTheMethodSucceedAgain() async throws {
    let service = MockLibraryService()
    service.fail(.fetchLibraryArtists, with: NetworkDown())
    await #expect(throws: NetworkDown()) { try await service.fetchLibraryArtists() }
    service.stopFailing(.fetchLibraryArtists)
    #expect(try await service.fetchLibraryArtists() == ["Smokey Joe"])
    // Its own error is gone too: failing it again uses the injected error.
    service.failingMethods = [.fetchLibraryArtists]
    await #expect(throws: SimulatedError()) { try await service.fetchLibraryArtists() }
  }

  // MARK: Next N calls

  @Test func failNext_pageOneSucceedsPageTwoFailsPageThreeSucceeds() async throws {
    let service = MockLibraryService()
    #expect(try await service.fetchRecentlyPlayed(page: 1).count == 1)
    service.failNext(1, of: .fetchRecentlyPlayed)
    await #expect(throws: SimulatedError()) { try await service.fetchRecentlyPlayed(page: 2) }
    #expect(try await service.fetchRecentlyPlayed(page: 3).count == 1)
    #expect(service.calls.count(of: .fetchRecentlyPlayed) == 3)
  }

  @Test func failNext_failsExactlyNCalls_withTheGivenError() async throws {
    let service = MockLibraryService()
    service.failNext(3, of: .fetchLibraryArtists, with: NetworkDown())
    #expect(service.upcomingFailures(of: .fetchLibraryArtists) == 3)
    for _ in 0..<3 {
      await #expect(throws: NetworkDown()) { try await service.fetchLibraryArtists() }
    }
    #expect(service.upcomingFailures(of: .fetchLibraryArtists) == 0)
    #expect(try await service.fetchLibraryArtists() == ["Smokey Joe"])
  }

  @Test func failNext_queuesAfterEarlierFailures_andUsesTheMethodErrorWhenNoneGiven() async {
    let service = MockLibraryService()
    service.injectedError = NetworkDown()
    service.failNext(1, of: .createPlaylist, with: Unauthorized())
    service.failNext(1, of: .createPlaylist)
    await #expect(throws: Unauthorized()) { try await service.createPlaylist(named: "a") }
    await #expect(throws: NetworkDown()) { try await service.createPlaylist(named: "b") }
  }

  @Test func failNext_doesNotAffectOtherMethods() async throws {
    let service = MockLibraryService()
    service.failNext(2, of: .fetchLibraryArtists)
    #expect(try await service.fetchRecentlyPlayed(page: 0).count == 1)
    #expect(service.upcomingFailures(of: .fetchLibraryArtists) == 2)
  }

  @Test func stopFailing_clearsQueuedFailures() async throws {
    let service = MockLibraryService()
    service.failNext(5, of: .fetchLibraryArtists)
    service.stopFailing(.fetchLibraryArtists)
    #expect(service.upcomingFailures(of: .fetchLibraryArtists) == 0)
    #expect(try await service.fetchLibraryArtists() == ["Smokey Joe"])
  }

  @Test func failNext_zero_reportsMisuse() async {
    let service = MockLibraryService()
    let issues = await withIssueCollector {
      service.failNext(0, of: .fetchRecentlyPlayed)
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.contains("failNext(0, of: fetchRecentlyPlayed, after: 0)") == true)
    #expect(issues.first?.message.contains("at least 1") == true)
    #expect(service.upcomingFailures(of: .fetchRecentlyPlayed) == 0)
  }

  // MARK: Call log

  @Test func calls_logsEveryCallByMethodInOrder_failedOnesToo() async throws {
    let service = MockLibraryService()
    service.failingMethods = [.createPlaylist]
    _ = try await service.fetchRecentlyPlayed(page: 0)
    _ = try? await service.createPlaylist(named: "x")
    _ = try await service.fetchRecentlyPlayed(page: 1)
    _ = try service.cachedTrackCount()
    #expect(
      service.calls == [
        .fetchRecentlyPlayed, .createPlaylist, .fetchRecentlyPlayed, .cachedTrackCount,
      ])
    #expect(service.calls.count(of: .fetchRecentlyPlayed) == 2)
    #expect(service.calls.count(of: .createPlaylist) == 1)
    #expect(service.calls.count(of: .addTracksToLibrary) == 0)
  }

  @Test func synchronousThrowIfFailing_honoursFailures() {
    let service = MockLibraryService()
    service.failNext(1, of: .cachedTrackCount, with: NetworkDown())
    #expect(throws: NetworkDown()) { try service.cachedTrackCount() }
    #expect((try? service.cachedTrackCount()) == 3)
  }

  // MARK: Held calls

  @Test func heldCall_suspendsUntilReleased_thenReturns() async throws {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    let finished = CallRecorder<User>("finished")
    auth.hold(.login)
    let login = Task {
      let user = try await auth.login()
      finished.record(user)
      return user
    }
    #expect(await auth.waitUntilHeld(.login, timeout: .seconds(10)))
    #expect(auth.heldCount(of: .login) == 1)
    #expect(auth.calls == [.login])
    #expect(finished.all.isEmpty)
    auth.release(.login)
    #expect(try await login.value == User(name: "Ada"))
    #expect(finished == [User(name: "Ada")])
    #expect(auth.heldCount(of: .login) == 0)
  }

  @Test func hold_onlyHoldsThatMethod() async throws {
    let auth = MockAuthService()
    auth.hold(.login)
    try await auth.logout()
    #expect(auth.calls == [.logout])
    #expect(auth.heldCount(of: .logout) == 0)
  }

  @Test func release_resumesEveryHeldCallAndStopsHolding() async throws {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    auth.hold(.login)
    let logins = (0..<3).map { _ in Task { try await auth.login() } }
    #expect(await auth.waitUntilHeld(.login, count: 3, timeout: .seconds(10)))
    #expect(auth.heldCount(of: .login) == 3)
    auth.release(.login)
    for login in logins { #expect(try await login.value == User(name: "Ada")) }
    // No longer held: a later call returns at once.
    #expect(try await auth.login() == User(name: "Ada"))
    #expect(auth.calls.count(of: .login) == 4)
    #expect(auth.mock.heldHistory.count == 3)
  }

  @Test func heldCall_cancellingItsTask_throwsCancellationError() async {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    auth.hold(.login)
    let login = Task { try await auth.login() }
    await auth.waitUntilHeld(.login, timeout: .seconds(10))
    login.cancel()
    await #expect(throws: CancellationError.self) { try await login.value }
    #expect(auth.heldCount(of: .login) == 0)
    #expect(auth.calls == [.login])
  }

  @Test func heldCall_inAnAlreadyCancelledTask_throwsCancellationError() async {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    auth.hold(.login)
    let login = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await auth.login()
    }
    await #expect(throws: CancellationError.self) { try await login.value }
    #expect(auth.heldCount(of: .login) == 0)
  }

  @Test func failureSetWhileHeld_appliesAfterRelease() async {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    auth.hold(.login)
    let login = Task { try await auth.login() }
    await auth.waitUntilHeld(.login, timeout: .seconds(10))
    auth.fail(.login, with: Unauthorized())
    auth.release(.login)
    await #expect(throws: Unauthorized()) { try await login.value }
  }

  @Test func failureClearedWhileHeld_letsTheCallSucceedAfterRelease() async throws {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    auth.failingMethods = [.login]
    auth.hold(.login)
    let login = Task { try await auth.login() }
    await auth.waitUntilHeld(.login, timeout: .seconds(10))
    auth.failingMethods = []
    auth.release(.login)
    #expect(try await login.value == User(name: "Ada"))
  }

  @Test func deactivateWhileLoginIsInFlight_cancelsTheHeldCall() async {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    await sut.activate()
    auth.hold(.login)
    let tap = sut.task { await sut.loggedOutDidTapLogin() }
    await auth.waitUntilHeld(.login, timeout: .seconds(10))
    await sut.deactivate()
    await tap.value
    #expect(router.calls == [.attachLoggedOut])
    #expect(auth.calls == [.login])
  }

  @Test func waitUntilHeld_timeout_reportsAndReturnsFalse() async {
    let auth = MockAuthService()
    auth.hold(.login)
    var held = true
    let issues = await withIssueCollector {
      held = await auth.waitUntilHeld(.login, timeout: .milliseconds(20))
    }
    #expect(!held)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("Timed out") == true)
  }

  @Test func release_withNothingHeld_reportsMisuse() async {
    let auth = MockAuthService()
    let issues = await withIssueCollector {
      auth.release(.login)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("release(login): no call of login is held") == true)
    #expect(issues.first?.message.contains("call hold(login) first") == true)
  }

  @Test func release_whenHoldingButNoCallArrived_saysSo() async {
    let auth = MockAuthService()
    auth.hold(.logout)
    let issues = await withIssueCollector {
      auth.release(.logout)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("no call arrived yet") == true)
  }

  @Test func synchronousThrowIfFailing_onAHeldMethod_reportsMisuseAndRunsUnheld() async {
    let service = MockLibraryService()
    service.hold(.cachedTrackCount)
    var count: Int?
    let issues = await withIssueCollector {
      count = try? service.cachedTrackCount()
    }
    #expect(count == 3)
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("throwIfFailing(cachedTrackCount)") == true)
    #expect(issues.first?.message.contains("synchronously") == true)
    #expect(service.calls == [.cachedTrackCount])
  }

  @Test func misuse_failsTheSwiftTestingTest() async {
    let auth = MockAuthService()
    withKnownIssue {
      auth.release(.login)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no call of login is held") }
    }
  }

  // MARK: Concurrency

  @Test func togglingSettingsFromManyTasks_whileHundredsOfCallsAreInFlight() async {
    let service = MockLibraryService()
    service.createdPlaylistID.value = 1
    let queuedFailures = 100
    service.failNext(queuedFailures, of: .fetchLibraryArtists, with: NetworkDown())
    let callsPerMethod = 300
    struct Outcome: Sendable {
      var artistFailures = 0
      var artistSuccesses = 0
      var otherCalls = 0
    }
    let outcome = await withTaskGroup(of: Outcome.self) { group in
      for _ in 0..<callsPerMethod {
        group.addTask {
          do {
            _ = try await service.fetchLibraryArtists()
            return Outcome(artistSuccesses: 1)
          } catch {
            return Outcome(artistFailures: error is NetworkDown ? 1 : 0)
          }
        }
        group.addTask {
          _ = try? await service.fetchRecentlyPlayed(page: 0)
          return Outcome(otherCalls: 1)
        }
        group.addTask {
          _ = try? await service.createPlaylist(named: "x")
          return Outcome(otherCalls: 1)
        }
      }
      for round in 0..<200 {
        group.addTask {
          switch round % 5 {
          case 0: service.failingMethods = [.fetchRecentlyPlayed]
          case 1:
            service.injectedError = round.isMultiple(of: 2) ? CancellationError() : Unauthorized()
          case 2: service.fail(.createPlaylist, with: Unauthorized())
          case 3: service.stopFailing(.createPlaylist)
          default: service.failNext(2, of: .fetchRecentlyPlayed)
          }
          _ = service.failingMethods
          _ = service.upcomingFailures(of: .fetchRecentlyPlayed)
          return Outcome()
        }
      }
      var total = Outcome()
      for await part in group {
        total.artistFailures += part.artistFailures
        total.artistSuccesses += part.artistSuccesses
        total.otherCalls += part.otherCalls
      }
      return total
    }
    // Only the queued failures hit the untouched method, whatever else changed meanwhile.
    #expect(outcome.artistFailures == queuedFailures)
    #expect(outcome.artistSuccesses == callsPerMethod - queuedFailures)
    #expect(outcome.otherCalls == 2 * callsPerMethod)
    #expect(service.calls.count == 3 * callsPerMethod)
    #expect(service.calls.count(of: .fetchLibraryArtists) == callsPerMethod)
    #expect(service.calls.count(of: .fetchRecentlyPlayed) == callsPerMethod)
    #expect(service.calls.count(of: .createPlaylist) == callsPerMethod)
  }

  @Test func holdingAndReleasingWhileCallsAreInFlight_endsEveryCall() async {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    auth.hold(.login)
    let calls = 200
    let results = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<calls {
        group.addTask { (try? await auth.login()) != nil }
      }
      await auth.waitUntilHeld(.login, count: 1, timeout: .seconds(10))
      auth.release(.login)
      var succeeded = 0
      for await ok in group where ok { succeeded += 1 }
      return succeeded
    }
    #expect(results == calls)
    #expect(auth.calls.count(of: .login) == calls)
    #expect(auth.heldCount(of: .login) == 0)
  }

  // MARK: Explaining a wait for a held call that never came

  @Test func waitUntilHeld_afterTheCallRanUnheld_saysTheHoldCameTooLate() async throws {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    _ = try await auth.login()
    auth.hold(.login)
    var held = true
    let issues = await withIssueCollector {
      held = await auth.waitUntilHeld(.login, timeout: .milliseconds(10))
    }
    #expect(!held)
    #expect(
      issues.map(\.message) == [
        "Timed out after 0.01 seconds waiting for 1 held call of login; 0 held so far. 1 call of "
          + "login ran without being held: hold(login) came too late, after it had started. Call "
          + "hold before the code under test calls login."
      ])
    #expect(auth.calls == [.login])
  }

  @Test func waitUntilHeld_withoutHold_saysTheMethodIsNotHeld() async {
    let auth = MockAuthService()
    let issues = await withIssueCollector {
      await auth.waitUntilHeld(.login, timeout: .zero)
    }
    #expect(
      issues.map(\.message) == [
        "Timed out after 0.0 seconds waiting for 1 held call of login; 0 held so far. login is "
          + "not held; call hold(login) first."
      ])
  }

  @Test func waitUntilHeld_heldButNoCallCame_saysNoCallArrived() async {
    let auth = MockAuthService()
    auth.hold(.login)
    let issues = await withIssueCollector {
      await auth.waitUntilHeld(.login, timeout: .zero)
    }
    #expect(issues.first?.message.hasSuffix("No call of login arrived.") == true, "\(issues)")
  }
}
