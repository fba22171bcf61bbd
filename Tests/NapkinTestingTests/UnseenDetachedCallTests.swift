import NapkinMutex
import NapkinTesting
import Testing

/// An action that awaits a detached task's held call: the explorer cannot see the detached task,
/// so whether its call is ready at a point depends on timing. A report never claims more than it
/// checked: a passing one is not exhaustive and names the call; a failing one names it first.
@Suite struct UnseenDetachedCallTests {
  @Test func listenerCallFromAnAwaitedDetachedTask_isNamed_andNeverExhaustive() async {
    await Self.exploreAListenerCallFromADetachedTask(actionOnMainActor: false)
  }

  @Test func serviceCallFromAnAwaitedDetachedTask_isNamed_andNeverExhaustive() async {
    let wallets = Mutex<MockWallet?>(nil)
    for _ in 0..<10 {
      var report: ExplorationReport?
      let issues = await withIssueCollector {
        report = await explore { scenario in
          let wallet = MockWallet()
          wallets.withLock { $0 = wallet }
          scenario.answers(wallet, with: [.success])
          scenario.action("load") {
            await Task.detached { _ = try? await wallet.balance() }.value
          }
          scenario.expect("one call") { wallet.calls.count == 1 }
        }
      }
      Self.expectNamed("balance#1", report, issues)
      // A failing run ended before the detached call arrived: it is held now, or soon.
      if report?.passed == false, let wallet = wallets.withLock({ $0 }) {
        await Self.endLeftCall {
          await wallet.waitUntilHeld(.balance)
        } release: {
          wallet.release(.balance, call: 1)
        }
      }
    }
  }

  @MainActor @Test func mainActorExploration_ofADetachedCall_isNamed_andNeverExhaustive() async {
    await Self.exploreAListenerCallFromADetachedTask(actionOnMainActor: true)
  }

  @Test func boundWorkOnly_staysExhaustive_andSaysNothingOfUnseenWork() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let listener = MockCheckoutListener()
      scenario.answers(listener)
      scenario.action("pay") { await listener.checkoutDidFinish(paid: true) }
      scenario.expect("one call") { listener.calls.count == 1 }
    }
    #expect(report.isExhaustive)
    #expect(
      report.summary
        == "exhaustive: all 1 order (events and the actions' awaits on the main actor and between actors, up to 1 preemption per order)"
    )
  }

  /// Explores ten times an action that awaits a detached task's listener call, from the caller's
  /// isolation; the action runs on the main actor if `actionOnMainActor`.
  private static func exploreAListenerCallFromADetachedTask(
    actionOnMainActor: Bool, isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let kept = Mutex<MockCheckoutListener?>(nil)
    // Bounded: each try is one order; timing decides whether the call is seen in time.
    for _ in 0..<10 {
      var report: ExplorationReport?
      let issues = await withIssueCollector {
        report = await explore(strategy: .exhaustive()) { scenario in
          let listener = MockCheckoutListener()
          kept.withLock { $0 = listener }
          scenario.answers(listener)
          if actionOnMainActor {
            scenario.action("pay") { @MainActor in
              await Task.detached { await listener.checkoutDidFinish(paid: true) }.value
            }
          } else {
            scenario.action("pay") {
              await Task.detached { await listener.checkoutDidFinish(paid: true) }.value
            }
          }
          scenario.expect("one call") { listener.calls.count == 1 }
        }
      }
      expectNamed("didFinish#1", report, issues, sourceLocation: sourceLocation)
      if report?.passed == false, let listener = kept.withLock({ $0 }) {
        await endLeftCall {
          await listener.waitUntilHeld()
        } release: {
          listener.release()
        }
      }
    }
  }

  /// Ends the detached call a failing run left, if the run's end-of-test checks did not: it
  /// arrived after them, so the explorer's hold keeps it, now or soon. Nothing outlives the test.
  private static func endLeftCall(held: () async -> Bool, release: () -> Void) async {
    // Held once, now or soon: released by the checks if it was held when they ran (then this
    // release finds nothing, which it may report), else held until now.
    #expect(await held())
    _ = await withIssueCollector { release() }
  }

  private static func expectNamed(
    _ token: String, _ report: ExplorationReport?, _ issues: [NapkinIssue],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let caller = "`\(token)` was called from a task settling cannot see"
    if report?.passed == true {
      #expect(issues.isEmpty, sourceLocation: sourceLocation)
      #expect(report?.isExhaustive == false, sourceLocation: sourceLocation)
      let summary = report?.summary ?? ""
      #expect(
        summary.hasPrefix("depth-first: all 1 order it reached"), sourceLocation: sourceLocation)
      #expect(
        summary.contains("Not exhaustive: work settling cannot see"), sourceLocation: sourceLocation
      )
      #expect(summary.contains(caller), "\(summary)", sourceLocation: sourceLocation)
    } else {
      #expect(issues.count == 1, sourceLocation: sourceLocation)
      let message = issues.first?.message ?? ""
      #expect(
        message.contains("This run reached work settling cannot see"),
        sourceLocation: sourceLocation)
      #expect(message.contains(caller), "\(message)", sourceLocation: sourceLocation)
    }
  }
}
