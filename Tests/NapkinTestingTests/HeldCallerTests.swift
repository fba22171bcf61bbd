import NapkinTesting
import Testing

/// Listener and router calls held like service calls: by hand, and by the explorer.
@Suite struct HeldCallerTests {
  // MARK: By hand

  @Test func routerCallHeld_secondTapWhileAttaching_attachesOnce() async {
    #expect(await HeldCallerScenario.secondTapWhileAttaching(marksFirst: true) == [.attachDetail])
  }

  @Test func routerCallHeld_showsTheDoubleNavigation_ofAnInteractorThatMarksLate() async {
    #expect(
      await HeldCallerScenario.secondTapWhileAttaching(marksFirst: false)
        == [.attachDetail, .attachDetail])
  }

  @Test func releaseCallTwo_answersTheSecondListenerCallFirst() async {
    let (afterSecond, afterFirst) = await HeldCallerScenario.answerTheSecondListenerCallFirst()
    #expect(afterSecond == ["cancelled"])
    #expect(afterFirst == ["cancelled", "paid"])
  }

  @Test func holdWhere_holdsOnlyTheCallsItAccepts() async {
    let listener = MockCheckoutListener()
    listener.hold(where: { $0 == .didFinish(paid: true) })
    await listener.checkoutDidFinish(paid: false)
    let paid = Task { await listener.checkoutDidFinish(paid: true) }
    await listener.waitUntilHeld()
    listener.release()
    await paid.value
    #expect(listener.calls == [.didFinish(paid: false), .didFinish(paid: true)])
  }

  @Test func heldCall_whoseTaskIsCancelled_endsQuietly() async {
    let listener = MockCheckoutListener()
    listener.hold()
    let call = Task { await listener.checkoutDidFinish(paid: true) }
    await listener.waitUntilHeld()
    call.cancel()
    await call.value
    let issues = await withIssueCollector { listener.release() }
    #expect(
      issues.map(\.message)
        == [
          "release(): no call of MockCheckoutListener is held right now (it was set to hold, "
            + "and no call arrived yet)."
        ])
    #expect(listener.calls == [.didFinish(paid: true)])
  }

  @Test func synchronousRecord_isNeverHeld() async {
    let listener = MockCheckoutListener()
    listener.hold()
    listener.record(.didFinish(paid: true))
    #expect(listener.calls.count == 1)
    let issues = await withIssueCollector {
      // Must time out: the one call was recorded synchronously, and no other call comes.
      await listener.waitUntilHeld(timeout: .milliseconds(1))
    }
    #expect(
      issues.first?.message
        == "Timed out after 0.001 seconds waiting for 1 held call of MockCheckoutListener; 0 held "
        + "so far. 1 call ran without being held: made before hold(), by a synchronous method "
        + "(record cannot hold; use recordCall in an async method), or not matched by the hold's "
        + "predicate.")
  }

  // MARK: Misuse

  @Test func releasingACallThatIsNotHeld_reportsWhichAreHeld() async {
    let router = MockDetailRouter()
    router.hold()
    let call = Task { await router.attachDetail() }
    await router.waitUntilHeld()
    let issues = await withIssueCollector {
      router.release(call: 2)
      router.release(call: -1)
      router.release(call: .max)
    }
    #expect(issues.count == 3)
    #expect(
      issues.first?.message
        == "release(call: 2): call #2 of MockDetailRouter is not held (the calls held right now "
        + "are attachDetail#1); calls are numbered from 1, in the order they were held, across "
        + "all its methods.")
    router.release(call: 1)
    await call.value
    let again = await withIssueCollector { router.release(call: 1) }
    #expect(
      again.first?.message.contains("(no call of MockDetailRouter is held right now)") == true)
    _ = router.calls.count
  }

  @Test func releaseWithNothingHeld_andWaitWithNoHold_explainWhy() async {
    let listener = MockCheckoutListener()
    let issues = await withIssueCollector {
      listener.release()
      await listener.waitUntilHeld(timeout: .zero)
      await listener.waitUntilHeld(count: 0)
      listener.hold(timeout: .seconds(-1))
    }
    #expect(
      issues.map(\.message) == [
        "release(): no call of MockCheckoutListener is held right now; call hold() first.",
        "Timed out after 0.0 seconds waiting for 1 held call of MockCheckoutListener; 0 held so "
          + "far. MockCheckoutListener is not holding calls; call hold() before the code under "
          + "test calls it.",
        "waitUntilHeld(count: 0): count must be at least 1.",
        "hold(timeout: -1.0 seconds): the timeout -1.0 seconds must not be negative; no call is "
          + "held.",
      ])
  }

  @Test func heldPastItsTimeout_isReleasedAndReported() async {
    let listener = MockCheckoutListener()
    let issues = await withIssueCollector {
      // Must time out: nothing releases or cancels this call, so only its hold's timer ends it.
      listener.hold(timeout: .milliseconds(1))
      await listener.checkoutDidFinish(paid: true)
    }
    #expect(
      issues.first?.message
        == "A held call didFinish of MockCheckoutListener was neither released nor cancelled "
        + "within 0.001 seconds; it was released so the test can end. Call release() once the "
        + "test has checked the in-flight state.")
    _ = listener.calls.count
  }

  @Test func releaseAfterCallsMadeWithRecord_saysTheyRanWithoutBeingHeld() async {
    let listener = PlainRecordListener()
    let issues = await withIssueCollector {
      listener.hold()
      await listener.checkoutDidFinish(paid: true)
      listener.release()
    }
    #expect(
      issues.map(\.message) == [
        "release(): no call of PlainRecordListener is held right now (it was set to hold, and 1 "
          + "call ran without being held: made before hold(), by a synchronous method (record "
          + "cannot hold; use recordCall in an async method), or not matched by the hold's "
          + "predicate)."
      ])
  }

  @Test func callStillHeldAtTheEnd_failsTheTest_namingIt() async {
    let listener = MockCheckoutListener()
    var pending: Task<Void, Never>?
    let issues = await withIssueCollector {
      await withNapkinChecks {
        listener.hold()
        pending = Task { await listener.checkoutDidFinish(paid: true) }
        await listener.waitUntilHeld()
        _ = listener.calls.count
      }
    }
    // Released by the checks that reported it, once.
    await pending?.value
    let message = issues.map(\.message).joined(separator: "\n")
    #expect(
      message.contains(
        "A call of MockCheckoutListener (didFinish#1) was still held when the test ended"),
      "\(message)")
  }

  // MARK: Explored

  @Test func explorer_findsTheSecondTapWhileTheRouterAttaches() async {
    let issues = await withIssueCollector {
      _ = await HeldCallerScenario.exploreTwoTaps(marksFirst: false)
    }
    let message = issues.first?.message ?? ""
    #expect(
      message.contains(
        "tap#1 tap#1.1 attachDetail#1✓ tap#1.2 tap#2 tap#1.3 tap#2.1 attachDetail#2✓ tap#2.2 tap#2.3"
      ),
      "\(message)")
    #expect(message.contains("Expected \"the detail is attached once\""), "\(message)")
  }

  @Test func explorer_passesTheInteractorThatMarksFirst() async {
    let report = await HeldCallerScenario.exploreTwoTaps(marksFirst: true)
    #expect(report.passed, "\(report)")
    // Events alone: the second tap before the first, before the answer, after it; or first,
    // before the answer (4). With the taps' hops back to the main actor, 10.
    #expect(report.orders == 10)
    #expect(report.answeredCalls["MockDetailRouter.attachDetail"] == ["✓": 10])
  }

  @Test func explorer_findsPayAndCancelBothToldTheListener() async {
    let issues = await withIssueCollector {
      _ = await HeldCallerScenario.explorePayAndCancel(marksFirst: false)
    }
    let message = issues.first?.message ?? ""
    #expect(message.contains("Expected \"the listener is told once\""), "\(message)")
    #expect(message.contains("didFinish#1✓"), "\(message)")
  }

  @Test func explorer_passesTheCheckoutThatMarksFirst() async {
    let report = await HeldCallerScenario.explorePayAndCancel(marksFirst: true)
    #expect(report.passed, "\(report)")
  }
}

/// A listener whose method records with `record`, which cannot hold.
private final class PlainRecordListener: CheckoutListener, RecordingListener {
  let calls = CallRecorder<CheckoutListenerCall>("PlainRecordListener")
  func checkoutDidFinish(paid: Bool) async { record(.didFinish(paid: paid)) }
}
