import NapkinTesting
import Testing

/// Sixty cases of each test run in parallel; each has its own mocks, scope and collector, so
/// nothing one case records, holds or reports may show up in another.
@Suite struct ParallelIsolationTests {
  @Test(.napkinChecks(strict: true, timeout: .seconds(10)), arguments: 0..<60)
  func heldLogin_releasedOrCancelled_staysWithinItsOwnTest(index: Int) async {
    let user = User(name: "user-\(index)")
    let auth = MockAuthService()
    auth.loginResult.value = user
    let router = MockLaunchNapkinRouting()
    let sut = LaunchNapkinInteractor(authService: auth)
    expectDeallocatedAtEnd(sut)
    expectNoBoundTasksAtEnd(sut)
    await sut.wire(router: router)
    await sut.activate()

    auth.hold(.login)
    let tap = sut.task { await sut.loggedOutDidTapLogin() }
    #expect(await auth.waitUntilHeld(.login, timeout: .seconds(10)))
    #expect(auth.heldCount(of: .login) == 1)
    if index.isMultiple(of: 2) {
      auth.release(.login)
      #expect(await router.calls.waitForCall(.attachLoggedIn(user), timeout: .seconds(10)))
      await sut.deactivate()
    } else {
      await sut.deactivate()
    }
    await tap.value

    #expect(auth.calls == [.login])
    let expected: [LaunchNapkinRoutingCall] =
      index.isMultiple(of: 2) ? [.attachLoggedOut, .attachLoggedIn(user)] : [.attachLoggedOut]
    #expect(router.calls == expected)
  }

  @Test(arguments: 0..<60)
  func awaitingAndCollecting_staysWithinItsOwnTest(index: Int) async {
    let recorder = CallRecorder<Int>("recorder-\(index)")
    let producer = Task.detached {
      for value in 0...index { recorder.record(index * 1_000 + value) }
    }
    #expect(await recorder.waitForCalls(count: index + 1, timeout: .seconds(10)))
    #expect(recorder == (0...index).map { index * 1_000 + $0 })
    await producer.value

    let stub = Stub<Int>(label: "stub-\(index)")
    let issues = await withIssueCollector {
      _ = try? stub.get()
      // Must time out: the producer ended after index + 1 calls, and nothing records again.
      await recorder.waitForCalls(count: index + 2, timeout: .milliseconds(5))
    }
    #expect(issues.count == 2)
    #expect(issues.first?.message.contains("Unstubbed call: stub-\(index) ") == true)
    #expect(issues.last?.message.contains("on recorder-\(index);") == true)
  }

  @Test(arguments: 0..<60)
  func failureInjection_staysWithinItsOwnService(index: Int) async throws {
    let service = MockLibraryService()
    service.recentlyPlayed.value = [Track(title: "track-\(index)")]
    if index.isMultiple(of: 3) { service.failingMethods = [.fetchRecentlyPlayed] }
    service.failNext(index % 4 + 1, of: .fetchLibraryArtists)
    for _ in 0..<(index % 4 + 1) {
      await #expect(throws: SimulatedError.self) { try await service.fetchLibraryArtists() }
    }
    #expect(try await service.fetchLibraryArtists() == ["Smokey Joe"])
    if index.isMultiple(of: 3) {
      await #expect(throws: SimulatedError.self) { try await service.fetchRecentlyPlayed(page: 0) }
    } else {
      #expect(try await service.fetchRecentlyPlayed(page: 0) == [Track(title: "track-\(index)")])
    }
    #expect(service.calls.count == index % 4 + 3)
  }
}
