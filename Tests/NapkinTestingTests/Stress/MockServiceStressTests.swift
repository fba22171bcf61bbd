import NapkinTesting
import Testing

private protocol PingService: Sendable {
  func ping() async throws
}

private enum PingMethod: Hashable, Sendable {
  case ping
}

/// A user-style mock: only a `let` of a `Sendable` type, so no unchecked conformance.
private final class MockPingService: PingService, MockService {
  let mock = MockServiceCore<PingMethod>("MockPingService")

  func ping() async throws {
    try await throwIfFailing(.ping)
  }
}

/// A custom error to inject next to ``SimulatedError``.
private struct OutageError: Error, Equatable {}

/// How one call of the mock ended.
private enum Outcome: Equatable, Sendable {
  case succeeded
  case simulated
  case outage
  case cancelled
  case unexpected(String)
}

/// Calls the mock once and classifies how the call ended.
private func outcome(of service: MockPingService) async -> Outcome {
  do {
    try await service.ping()
    return .succeeded
  } catch let error as SimulatedError {
    return error == SimulatedError() ? .simulated : .unexpected("\(error)")
  } catch is OutageError {
    return .outage
  } catch is CancellationError {
    return .cancelled
  } catch {
    return .unexpected("\(error)")
  }
}

/// The outcomes of `tasks` concurrent tasks calling the mock `callsPerTask` times each, while
/// `alongside` runs concurrently with them.
///
/// The callers run at low priority and yield after every call, so that `alongside` and the
/// other tests of a parallel run keep their share of the cores.
private func callConcurrently(
  _ service: MockPingService, tasks: Int, callsPerTask: Int,
  alongside: @escaping @Sendable () async -> Void = {}
) async -> [Outcome] {
  await withTaskGroup(of: [Outcome].self) { group in
    group.addTask {
      await alongside()
      return []
    }
    for _ in 0..<tasks {
      group.addTask(priority: .low) {
        var outcomes: [Outcome] = []
        for _ in 0..<callsPerTask {
          outcomes.append(await outcome(of: service))
          await Task.yield()
        }
        return outcomes
      }
    }
    var outcomes: [Outcome] = []
    for await batch in group { outcomes += batch }
    return outcomes
  }
}

/// The outcomes of `callers`, in order.
private func outcomes(of callers: [Task<Outcome, Never>]) async -> [Outcome] {
  var outcomes: [Outcome] = []
  for caller in callers { outcomes.append(await caller.value) }
  return outcomes
}

// Hang guard: under TSan, all suites in parallel, no test here took 30 s; 5 min is 10×.
@Suite(.timeLimit(.minutes(5)))
struct MockServiceStressTests {
  /// Generous, so a slow thread-sanitizer run never times out; success never waits for it.
  private let timeout = Duration.seconds(30)

  @Test func failingMethodsToggledWhileHundredTasksCall_everyCallSucceedsOrThrowsSimulatedError()
    async
  {
    let service = MockPingService()
    let timeout = timeout

    let outcomes = await callConcurrently(service, tasks: 100, callsPerTask: 100) {
      for round in 0..<1_000 {
        // Paced by the calls, so the toggles interleave with them instead of finishing first.
        await service.calls.waitForCalls(count: round * 10 + 1, timeout: timeout)
        service.failingMethods = round.isMultiple(of: 2) ? [.ping] : []
      }
    }

    #expect(outcomes.count == 10_000)
    let others = outcomes.filter { $0 != .succeeded && $0 != .simulated }
    #expect(others.isEmpty)
    #expect(service.calls.count == 10_000)

    // Toggling ended on []: every later call succeeds.
    #expect(service.failingMethods.isEmpty)
    let later = await callConcurrently(service, tasks: 10, callsPerTask: 100)
    #expect(later.count == 1_000)
    #expect(later.allSatisfy { $0 == .succeeded })
    #expect(service.calls.count == 11_000)
  }

  @Test func injectedErrorToggledWhileHundredTasksCall_everyCallThrowsOneOfTheTwoErrors() async {
    let service = MockPingService()
    let timeout = timeout
    service.failingMethods = [.ping]

    let outcomes = await callConcurrently(service, tasks: 100, callsPerTask: 100) {
      for round in 0..<1_000 {
        await service.calls.waitForCalls(count: round * 10 + 1, timeout: timeout)
        service.injectedError = round.isMultiple(of: 2) ? OutageError() : SimulatedError()
      }
    }

    #expect(outcomes.count == 10_000)
    let others = outcomes.filter { $0 != .simulated && $0 != .outage }
    #expect(others.isEmpty)
    #expect(service.calls.count == 10_000)

    // Toggling ended on SimulatedError(): every later call throws exactly that.
    #expect(service.injectedError is SimulatedError)
    let later = await callConcurrently(service, tasks: 10, callsPerTask: 10)
    #expect(later == Array(repeating: .simulated, count: 100))
  }

  @Test func failNextThreeHundredOfThousandConcurrentCalls_failsExactlyThreeHundred() async {
    let service = MockPingService()
    service.failNext(300, of: .ping)
    #expect(service.upcomingFailures(of: .ping) == 300)
    let readings = CallRecorder<Int>("upcomingFailures readings")

    let outcomes = await callConcurrently(service, tasks: 1_000, callsPerTask: 1) {
      // Read the queue while it drains: it only ever shrinks.
      for _ in 0..<1_000 { readings.record(service.upcomingFailures(of: .ping)) }
    }

    #expect(outcomes.count == 1_000)
    #expect(outcomes.count { $0 == .simulated } == 300)
    #expect(outcomes.count { $0 == .succeeded } == 700)
    #expect(service.upcomingFailures(of: .ping) == 0)
    #expect(service.calls.count == 1_000)
    let values = readings.all
    #expect(values.count == 1_000)
    #expect(values.allSatisfy { (0...300).contains($0) })
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 >= $1 }, "the queue grew back")
  }

  @Test func heldCallsCancelledAndReleasedFromManyTasks_endCleanlyAndReportOnlyExtraReleases()
    async
  {
    let service = MockPingService()
    let timeout = timeout

    // Round one: cancel half of 100 held callers from five tasks, then release the rest.
    var roundOne: [Outcome] = []
    let roundOneIssues = await withIssueCollector {
      service.hold(.ping, timeout: timeout)
      let callers = (0..<100).map { _ in Task { await outcome(of: service) } }
      #expect(await service.waitUntilHeld(.ping, count: 100, timeout: timeout))
      #expect(service.heldCount(of: .ping) == 100)

      let cancelled = callers.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
      await withTaskGroup(of: Void.self) { group in
        for part in 0..<5 {
          group.addTask {
            for caller in cancelled[(part * 10)..<(part * 10 + 10)] { caller.cancel() }
          }
        }
      }
      #expect(service.heldCount(of: .ping) == 50)
      service.release(.ping)
      roundOne = await outcomes(of: callers)
      #expect(service.heldCount(of: .ping) == 0)
    }

    let expectedRoundOne = (0..<100).map { $0.isMultiple(of: 2) ? Outcome.cancelled : .succeeded }
    #expect(roundOne == expectedRoundOne)
    #expect(roundOneIssues.map(\.message) == [])

    // Round two: hold 100 callers again and release them from ten tasks at once.
    var roundTwo: [Outcome] = []
    let roundTwoIssues = await withIssueCollector {
      service.hold(.ping, timeout: timeout)
      let callers = (0..<100).map { _ in Task { await outcome(of: service) } }
      // waitUntilHeld counts every call held since the mock was made: round one held 100.
      #expect(await service.waitUntilHeld(.ping, count: 200, timeout: timeout))
      #expect(service.heldCount(of: .ping) == 100)

      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<10 {
          group.addTask { service.release(.ping) }
        }
      }
      roundTwo = await outcomes(of: callers)
      #expect(service.heldCount(of: .ping) == 0)
    }

    #expect(roundTwo == Array(repeating: .succeeded, count: 100))
    // One release resumed all 100; the other nine found nothing held and no hold set.
    let misuse = "release(ping): no call of ping is held right now; call hold(ping) first."
    #expect(roundTwoIssues.map(\.message) == Array(repeating: misuse, count: 9))
    #expect(roundTwoIssues.allSatisfy { $0.site.fileID.hasSuffix("MockServiceStressTests.swift") })
    #expect(service.calls.count == 200)
  }
}
