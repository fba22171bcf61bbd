import Foundation
import NapkinTesting
import Testing

/// Each toolkit failure must fail the test it belongs to, or the run when no test can own it.
@Suite struct NothingLostTests {
  // MARK: Failures that reach the right test

  @Test func sharedRecorderFirstUsedInAChecksScope_stillFailsALaterWait() async {
    let shared = CallRecorder<String>("Shared")
    await withNapkinChecks {
      shared.record("x")
      #expect(shared == ["x"])
    }
    await withKnownIssue {
      await shared.waitForCalls(count: 5, timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Timed out") }
    }
  }

  @Test func objectCreatedInACollector_afterItReturned_failsTheTest() async {
    var stub: Stub<Int>?
    let collected = await withIssueCollector { stub = Stub<Int>(label: "answer") }
    #expect(collected.isEmpty)
    withKnownIssue {
      _ = try? stub?.get()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unstubbed call: answer") }
    }
  }

  @Test func lenientChecksInsideStrictChecks_stayStrict() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        await withNapkinChecks {
          let recorder = CallRecorder<Int>("numbers")
          recorder.record(1)
        }
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("Strict checks: numbers recorded 1 call") == true)
  }

  @Test func callStillHeldWhenTheTestEnds_failsTheTestAtTheHold() async {
    let service = MockLibraryService()
    let holdLine: UInt = #line + 4
    var caller: Task<Void, Never>?
    let issues = await withIssueCollector {
      await withNapkinChecks {
        service.hold(.fetchRecentlyPlayed, timeout: .seconds(60))
        caller = Task { _ = try? await service.fetchRecentlyPlayed(page: 1) }
        await service.waitUntilHeld(.fetchRecentlyPlayed)
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.site.line == holdLine)
    #expect(issues.first?.message.contains("1 call of fetchRecentlyPlayed was still held") == true)
    // Released by the checks that reported it, once: nothing is left held.
    await caller?.value
    #expect(service.heldCount(of: .fetchRecentlyPlayed) == 0)
  }

  @Test func sharedServiceLeftHeldInEachOfManyChecksScopes_failsEveryOne() async {
    let service = MockLibraryService()
    for round in 1...20 {
      var caller: Task<Void, Never>?
      let issues = await withIssueCollector {
        await withNapkinChecks {
          service.hold(.fetchRecentlyPlayed, timeout: .seconds(60))
          service.hold(.fetchRecentlyPlayed, timeout: .seconds(60))
          caller = Task { _ = try? await service.fetchRecentlyPlayed(page: 1) }
          // Counts every call held so far, this round's included.
          await service.waitUntilHeld(.fetchRecentlyPlayed, count: round)
        }
      }
      #expect(issues.count == 1)
      await caller?.value
    }
  }

  // MARK: Lost updates

  @Test func failingMethodsMutatedFromAThousandTasks_keepsEveryInsert() async {
    for _ in 0..<5 {
      let service = MockNumberService()
      await withTaskGroup(of: Void.self) { group in
        for number in 0..<1_000 {
          group.addTask { service.failingMethods.insert(number) }
        }
      }
      #expect(service.failingMethods.count == 1_000)
      await withTaskGroup(of: Void.self) { group in
        for number in 0..<500 {
          group.addTask { service.failingMethods.remove(number) }
        }
      }
      #expect(service.failingMethods == Set(500..<1_000))
    }
  }

  // MARK: Misuse that used to hang or crash

  @Test @MainActor func mockRouterAttachedToItself_isReportedNotRecursed() async {
    let router = PlainMockRouter()
    let createdLine: UInt = #line - 1
    let issues = await withIssueCollector { await router.attachChild(router) }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("a router cannot be its own child") == true)
    #expect(issues.first?.site.line == createdLine)
    #expect(router.children.isEmpty)
  }

  @Test @MainActor func mockRouterAttachingItsAncestor_isReportedNotRecursed() async {
    let parent = PlainMockRouter()
    let child = PlainMockRouter()
    await parent.attachChild(child)
    let issues = await withIssueCollector { await child.attachChild(parent) }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("would make a cycle") == true)
    #expect(child.children.isEmpty)
    await parent.detachChild(child)
  }

  @Test func failNextMaxCount_queuesInConstantSpace() async {
    let service = MockLibraryService()
    service.failNext(.max, of: .fetchRecentlyPlayed)
    service.failNext(10_000_000, of: .fetchRecentlyPlayed, after: 2)
    #expect(service.upcomingFailures(of: .fetchRecentlyPlayed) == .max)
    for _ in 0..<3 {
      await #expect(throws: SimulatedError.self) {
        try await service.fetchRecentlyPlayed(page: 1)
      }
    }
    #expect(service.upcomingFailures(of: .fetchRecentlyPlayed) == .max)
    service.stopFailing(.fetchRecentlyPlayed)
    #expect(service.upcomingFailures(of: .fetchRecentlyPlayed) == 0)
  }

  @Test func waitUntilHeld_manyHeldCalls_returnsOnceAllAreHeld() async {
    let service = MockLibraryService()
    let calls = 5_000
    service.hold(.fetchRecentlyPlayed, timeout: .seconds(60))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<calls {
        group.addTask { _ = try? await service.fetchRecentlyPlayed(page: 1) }
      }
      #expect(
        await service.waitUntilHeld(.fetchRecentlyPlayed, count: calls, timeout: .seconds(60)))
      #expect(service.heldCount(of: .fetchRecentlyPlayed) == calls)
      service.release(.fetchRecentlyPlayed)
    }
    #expect(service.calls.count == calls)
  }

  @Test func waitUntilHeldWithCountBelowOne_andANegativeHoldTimeout_areMisuses() async {
    let service = MockLibraryService()
    var held = true
    let issues = await withIssueCollector {
      held = await service.waitUntilHeld(.fetchRecentlyPlayed, count: 0)
      service.hold(.fetchRecentlyPlayed, timeout: .seconds(-1))
    }
    #expect(!held)
    #expect(issues.count == 2)
    #expect(issues.first?.message.contains("count must be at least 1") == true)
    #expect(issues.last?.message.contains("must not be negative") == true)
    #expect(service.heldCount(of: .fetchRecentlyPlayed) == 0)
  }
}

/// A mock service keyed by numbers, for many distinct failing methods.
final class MockNumberService: MockService {
  let mock = MockServiceCore<Int>("MockNumberService")
}

/// A mock router with no feature calls.
@MainActor
final class PlainMockRouter: BaseMockRouter<Never> {}
