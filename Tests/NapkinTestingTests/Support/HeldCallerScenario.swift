import NapkinTesting

/// A home screen's router: attaching the detail builds and loads a child, which takes time.
protocol DetailRouting: AnyObject, Sendable {
  func attachDetail() async
}

nonisolated enum DetailRoutingCall: Equatable, Sendable { case attachDetail }

final class MockDetailRouter: BaseMockRouter<DetailRoutingCall>, DetailRouting {
  func attachDetail() async { await recordCall(.attachDetail) }
}

/// A checkout's listener, its parent interactor.
protocol CheckoutListener: AnyObject, Sendable {
  func checkoutDidFinish(paid: Bool) async
}

nonisolated enum CheckoutListenerCall: Equatable, Sendable { case didFinish(paid: Bool) }

final class MockCheckoutListener: CheckoutListener, RecordingListener {
  let calls = CallRecorder<CheckoutListenerCall>("MockCheckoutListener")
  func checkoutDidFinish(paid: Bool) async { await recordCall(.didFinish(paid: paid)) }
}

/// A home screen that shows its detail once per tap, unless the detail already shows. With
/// `marksFirst` false it marks the detail shown only after the router returns: the classic
/// double navigation when a second tap comes while the router attaches.
final actor DetailHomeInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let router: any DetailRouting
  let marksFirst: Bool
  private var showsDetail = false

  init(router: any DetailRouting, marksFirst: Bool) {
    self.router = router
    self.marksFirst = marksFirst
  }

  func didTapDetail() async {
    guard !showsDetail else { return }
    if marksFirst { showsDetail = true }
    await router.attachDetail()
    showsDetail = true
  }
}

/// A checkout that tells its listener once how it finished, unless it told it already. With
/// `marksFirst` false it marks itself finished only after the listener returns.
final actor CheckoutInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let listener: any CheckoutListener
  let marksFirst: Bool
  private var finished = false

  init(listener: any CheckoutListener, marksFirst: Bool) {
    self.listener = listener
    self.marksFirst = marksFirst
  }

  func didTapPay() async { await finish(paid: true) }
  func didTapCancel() async { await finish(paid: false) }

  private func finish(paid: Bool) async {
    guard !finished else { return }
    if marksFirst { finished = true }
    await listener.checkoutDidFinish(paid: paid)
    finished = true
  }
}

/// Explorations of the two screens, and one hand-written test of each, shared by the Swift
/// Testing and XCTest suites.
enum HeldCallerScenario {
  /// Two taps on the home screen, the router's attach answered at a point the explorer chooses.
  static func exploreTwoTaps(marksFirst: Bool) async -> ExplorationReport {
    await explore { scenario in
      let router = MockDetailRouter()
      let sut = DetailHomeInteractor(router: router, marksFirst: marksFirst)
      await sut.activate()
      scenario.answers(router)
      scenario.action("tap", on: sut) { await sut.didTapDetail() }
      scenario.action("tap", on: sut) { await sut.didTapDetail() }
      scenario.expect("the detail is attached once") {
        await MainActor.run { router.calls.count(of: .attachDetail) == 1 }
      }
    }
  }

  /// Pay and cancel on the checkout, the listener's call answered at a point the explorer
  /// chooses.
  static func explorePayAndCancel(marksFirst: Bool) async -> ExplorationReport {
    await explore { scenario in
      let listener = MockCheckoutListener()
      let sut = CheckoutInteractor(listener: listener, marksFirst: marksFirst)
      await sut.activate()
      scenario.answers(listener)
      scenario.action("pay", on: sut) { await sut.didTapPay() }
      scenario.action("cancel", on: sut) { await sut.didTapCancel() }
      scenario.expect("the listener is told once") { listener.calls.count == 1 }
    }
  }

  /// By hand: the second tap comes while the router holds the first attach; returns the
  /// router's calls once both taps ended.
  static func secondTapWhileAttaching(marksFirst: Bool) async -> [DetailRoutingCall] {
    let router = MockDetailRouter()
    let sut = DetailHomeInteractor(router: router, marksFirst: marksFirst)
    await sut.activate()
    router.hold()
    let first = Task { await sut.didTapDetail() }
    await router.waitUntilHeld()
    let second = Task { await sut.didTapDetail() }
    if marksFirst {
      // The second tap returns at once: the detail is marked as showing.
      await second.value
    } else {
      // The second tap attaches too, and is held as the second call.
      await router.waitUntilHeld(count: 2)
    }
    router.release()
    await first.value
    await second.value
    await sut.deactivate()
    return router.calls.all
  }

  /// By hand: two listener calls held, the second released first; what had finished after each
  /// release.
  static func answerTheSecondListenerCallFirst() async -> (
    afterSecond: [String], afterFirst: [String]
  ) {
    let listener = MockCheckoutListener()
    let finished = CallRecorder<String>("finished")
    listener.hold()
    let first = Task {
      await listener.checkoutDidFinish(paid: true)
      finished.record("paid")
    }
    await listener.waitUntilHeld()
    let second = Task {
      await listener.checkoutDidFinish(paid: false)
      finished.record("cancelled")
    }
    await listener.waitUntilHeld(count: 2)
    listener.release(call: 2)
    await second.value
    let afterSecond = finished.all
    listener.release(call: 1)
    await first.value
    _ = listener.calls.count
    return (afterSecond, finished.all)
  }
}
