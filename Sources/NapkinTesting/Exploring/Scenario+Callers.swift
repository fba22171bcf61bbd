import NapkinMutex

extension Scenario {
  /// Holds every call of `listener` made through its `recordCall`, so each becomes an event the
  /// explorer answers at a point it chooses: `didFinish#1✓`.
  ///
  /// An interactor awaits its listener (a parent interactor); with this, the explorer puts every
  /// other event (a second tap, a deactivation) while that call is in flight. Calls are numbered
  /// from 1 across all of the listener's methods. Generated listener mocks record every async
  /// method with `recordCall`.
  ///
  /// ```swift
  /// await explore { scenario in
  ///   let listener = MockCheckoutListener()
  ///   let sut = CheckoutInteractor(listener: listener)
  ///   scenario.answers(listener)
  ///   scenario.action("pay") { await sut.didTapPay() }
  ///   scenario.action("cancel") { await sut.didTapCancel() }
  /// }
  /// ```
  ///
  /// - Parameter listener: The mock listener.
  public func answers<Listener: RecordingListener>(_ listener: Listener) {
    answers(listener.calls)
  }

  /// Holds every feature call of `router` made through its `recordCall`, so each becomes an event
  /// the explorer answers at a point it chooses: `attachDetail#1✓`.
  ///
  /// A real router's feature call builds and attaches a child, which takes time; with this, the
  /// explorer puts a second tap while the router attaches, where a double navigation shows.
  /// Generated router mocks record every async feature method with `recordCall`.
  ///
  /// ```swift
  /// await explore { scenario in
  ///   let router = MockHomeRouting()
  ///   let sut = HomeInteractor(router: router)
  ///   scenario.answers(router)
  ///   scenario.action("tap", on: sut) { await sut.didTapDetail() }
  ///   scenario.action("tap", on: sut) { await sut.didTapDetail() }
  /// }
  /// ```
  ///
  /// - Parameter router: The mock router.
  public func answers<Call>(_ router: BaseMockRouter<Call>) {
    answers(router.calls)
  }

  /// Holds every call `recorder` records through `recordCall` with no timer,
  /// and lists each as an event answered with success.
  private func answers<Call>(_ recorder: CallRecorder<Call>) {
    let holder = recorder.holder
    let call = "answers(\(recorder.label))"
    guard isOpen(for: call), !registers(ObjectIdentifier(holder), method: nil, in: call) else {
      return
    }
    let label = Self.token(recorder.label)
    if recorder.countWithoutAsserting > 0 {
      state.withLock {
        $0.notes.append(
          "\(recorder.label) was called before `answers(\(recorder.label))`, so the explorer "
            + "never held those calls: register it before activating")
      }
    }
    // No timer: the explorer answers every call it holds.
    holder.start(
      nil, timeout: nil, at: CallSite(fileID: "", filePathString: "", line: 0, column: 0),
      misuse: "")
    let entry = Service(
      id: ObjectIdentifier(holder), label: label, methods: nil, answers: [.success],
      holding: true,
      held: {
        holder.parked(of: nil).map { (Self.token($0.method), $0.call) }
      },
      answer: { id, _ in holder.answer(id) })
    state.withLock { $0.services.append(entry) }
  }
}
