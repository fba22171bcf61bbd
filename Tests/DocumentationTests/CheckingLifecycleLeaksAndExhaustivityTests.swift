// The code of Docs/NapkinTesting.docc/CheckingLifecycleLeaksAndExhaustivity.md. It tests the
// napkins of TheInteractorLifecycleTests.swift and TestingANapkinTests.swift with their mocks.

import NapkinTesting
import Testing
import XCTest

// MARK: - Lifecycle

@Suite(.napkinChecks(strict: true))
struct LifecycleCheckTests {
  @Test func activity_isRecordedFromCreation() async {
    let sut = LaunchNapkinInteractor(authService: MockAuthService())
    let activity = ActivationRecorder(sut)

    await sut.activate()
    await sut.deactivate()

    await activity.transitions.waitForCalls(count: 3)
    #expect(activity.transitions == [false, true, false])
  }

  @Test func activateAndDeactivate_areIdempotent() async {
    let router = MockLaunchRouter()
    let sut = LaunchNapkinInteractor(authService: MockAuthService())
    await sut.wire(router: router)

    await expectActivateIsIdempotent(sut) { router.calls.count }
    await expectDeactivateIsIdempotent(sut) { router.calls.count }

    #expect(router.calls == [.attachLoggedOut])
  }

  @Test func deactivation_endsTheBoardSubscription() async {
    let sut = PitBoardNapkinInteractor(
      presenter: MockPitBoardPresenter(), pit: FeedablePitService())
    await sut.activate()

    await sut.deactivate()

    await expectBoundTasksCancelled(sut)
  }
}

// MARK: - Leaks

/// Keeps its router strongly. The router owns the interactor, so neither is ever released.
final actor LeakyPitBoardInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private var router: (any Routing)?  // must be weak

  func wire(router: (any Routing)?) {
    self.router = router
  }
}

@MainActor
@Suite(.napkinChecks(strict: true))
struct LeakCheckTests {
  @Test func deactivatedInteractor_isDeallocated() async {
    await expectDeallocated {
      let sut = PitBoardNapkinInteractor(
        presenter: MockPitBoardPresenter(), pit: FeedablePitService())
      await sut.activate()
      await sut.deactivate()
      return sut
    }
  }

  @Test func retainCycle_isReportedWithTheTypeThatLeaked() async {
    weak var leaked: LeakyPitBoardInteractor?
    let issues = await withIssueCollector {
      await expectDeallocated {
        let sut = LeakyPitBoardInteractor()
        await sut.wire(router: Router(interactor: sut))
        leaked = sut
        return sut
      }
    }

    #expect(
      issues.map(\.message) == [
        "LeakyPitBoardInteractor was not deallocated after the scope that created it ended; "
          + "something still holds it (a retain cycle, a running task, or a strong reference "
          + "kept by the test)."
      ])
    await leaked?.wire(router: nil)  // break the cycle, so this test leaks nothing
  }
}

// MARK: - End-of-test checks in Swift Testing

@Suite(.napkinChecks(strict: true))
struct EndOfTestCheckTests {
  @Test func login_attachesLoggedIn_andLeavesNothingBehind() async {
    let smokey = User(name: "Smokey Joe", barbecueFoods: ["Brisket"])
    let auth = MockAuthService()
    auth.loginResult.value = smokey
    let router = MockLaunchRouter()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    expectDeallocatedAtEnd(sut)
    expectDeallocatedAtEnd(router)
    expectNoBoundTasksAtEnd(sut)

    await sut.activate()
    await sut.loggedOutDidTapLogin()

    await router.calls.waitForCalls(count: 2)
    #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(smokey)])
    #expect(auth.calls == [.login])
  }

  @Test func strictChecks_reportACallNoAssertionRead() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let listener = MockLoggedOutListener()
        let sut = LoggedOutNapkinInteractor(presenter: MockLoggedOutPresenter())
        await sut.wire(listener: listener)
        await sut.didTapLogin()
      }
    }

    #expect(
      issues.map(\.message) == [
        "Strict checks: MockLoggedOutListener recorded 1 call no assertion read: "
          + "loggedOutDidTapLogin. (MockLoggedOutListener was created at "
          + "\(testModule)/TestingANapkinTests.swift:109)"
      ])
  }
}

// MARK: - End-of-test checks in XCTest

nonisolated final class LaunchNapkinInteractorXCTests: NapkinTestCase {
  override var napkinChecksAreStrict: Bool { true }

  @MainActor func testLogin_attachesLoggedIn() async {
    let smokey = User(name: "Smokey Joe", barbecueFoods: ["Brisket"])
    let auth = MockAuthService()
    auth.loginResult.value = smokey
    let router = MockLaunchRouter()
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    expectDeallocatedAtEnd(sut)

    await sut.activate()
    await sut.loggedOutDidTapLogin()

    await router.calls.waitForCalls(count: 2)
    XCTAssertEqual(router.calls.all, [.attachLoggedOut, .attachLoggedIn(smokey)])
    XCTAssertEqual(auth.calls.all, [.login])
  }
}

/// A test case base class of your own, which NapkinTestCase cannot replace.
nonisolated class AppTestCase: XCTestCase {}

nonisolated final class PitBoardNapkinInteractorXCTests: AppTestCase {
  func testDeactivation_endsTheBoardSubscription() async {
    await withNapkinChecks {
      let sut = PitBoardNapkinInteractor(
        presenter: MockPitBoardPresenter(), pit: FeedablePitService())
      expectDeallocatedAtEnd(sut)
      expectNoBoundTasksAtEnd(sut)

      await sut.activate()
      await sut.deactivate()
    }
  }
}
