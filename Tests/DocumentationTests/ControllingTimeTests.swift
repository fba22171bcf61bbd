import NapkinTesting
import Testing
import napkin

// MARK: - Searching as the guest types, debounced

nonisolated enum SearchCall: Equatable, Sendable {
  case search(String)
}

/// Searches the menu once the guest stops typing for 300 milliseconds.
final actor MenuSearchInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let searches = CallRecorder<SearchCall>("MenuSearch.searches")
  private let clock: any Clock<Duration>
  private var pending: Task<Void, Never>?

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  func didType(_ query: String) {
    pending?.cancel()
    pending = task {
      guard (try? await self.clock.sleep(for: .milliseconds(300))) != nil else { return }
      self.searches.record(.search(query))
    }
  }
}

@Suite(.napkinChecks(strict: true))
struct MenuSearchTests {
  @Test func typing_searchesOnceTheGuestPauses() async {
    let clock = MockClock("SearchClock")
    let sut = MenuSearchInteractor(clock: clock)
    await sut.activate()

    await sut.didType("bri")
    await settle(sut)  // the new bound task now sleeps on the clock
    await clock.advance(by: .milliseconds(200))
    await sut.didType("bris")
    await settle(sut)
    await clock.advance(by: .milliseconds(299))
    #expect(sut.searches.count == 0)

    await clock.advance(by: .milliseconds(1))
    #expect(sut.searches == [.search("bris")])
    await sut.deactivate()
  }
}

// MARK: - Retrying with backoff

nonisolated enum ScoresCall: Equatable, Sendable {
  case fetch
}

struct ScoresUnavailable: Error {}

protocol ScoresService: Sendable {
  func fetch() async throws -> [Int]
}

final class MockScoresService: ScoresService, MockService {
  let mock = MockServiceCore<ScoresCall>("MockScoresService")
  let scores = Stub([3, 1, 2])

  func fetch() async throws -> [Int] {
    try await throwIfFailing(.fetch)
    return try scores.get()
  }
}

/// Loads the scores, retrying after 1 second and then after 2 more; shows a failure after that.
final actor ScoresInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let shown = CallRecorder<String>("ScoresInteractor.shown")
  private let service: any ScoresService
  private let clock: any Clock<Duration>

  init(service: any ScoresService, clock: any Clock<Duration> = ContinuousClock()) {
    self.service = service
    self.clock = clock
  }

  func didBecomeActive() async {
    task { await self.load() }
  }

  private func load() async {
    for delay in [Duration.seconds(1), .seconds(2), nil] {
      do {
        shown.record("\(try await service.fetch())")
        return
      } catch {
        guard let delay else { break }
        guard (try? await clock.sleep(for: delay)) != nil else { return }
      }
    }
    shown.record("Scores are unavailable")
  }
}

@Suite(.napkinChecks(strict: true))
struct ScoresRetryTests {
  let service = MockScoresService()
  let clock = MockClock("ScoresClock")

  @Test func failingTwice_retriesAfterOneThenTwoSeconds() async {
    service.failNext(2, of: .fetch)
    let sut = ScoresInteractor(service: service, clock: clock)
    await sut.activate()
    await clock.waitForSleepers()

    await clock.advance(by: .seconds(1))
    #expect(service.calls == [.fetch, .fetch])
    #expect(sut.shown.count == 0)

    await clock.advance(by: .seconds(2))
    #expect(service.calls == [.fetch, .fetch, .fetch])
    #expect(sut.shown == ["[3, 1, 2]"])
    await sut.deactivate()
  }

  @Test func alwaysFailing_givesUpAfterThreeAttempts() async {
    service.failingMethods = [.fetch]
    let sut = ScoresInteractor(service: service, clock: clock)
    await sut.activate()
    await clock.waitForSleepers()

    await clock.run()

    #expect(service.calls == [.fetch, .fetch, .fetch])
    #expect(sut.shown == ["Scores are unavailable"])
    #expect(clock.now == MockClock.Instant(offset: .seconds(3)))
    await sut.deactivate()
  }
}

// MARK: - A failure names the clock and what sleeps on it

@Suite struct ClockFailureTests {
  @Test func waitingForASleeperThatNeverComes_saysWhatSleeps() async {
    let issues = await withIssueCollector {
      let clock = MockClock("PitClock")
      await clock.waitForSleepers(count: 1, timeout: .milliseconds(10))
    }
    #expect(
      issues.map(\.message) == [
        "waitForSleepers(count: 1) on PitClock timed out after 0.01 seconds: no task sleeps on "
          + "it; the clock is at 0.0 seconds."
      ])
  }
}
