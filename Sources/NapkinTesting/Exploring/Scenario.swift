import NapkinMutex
public import napkin

/// What one exploration run sets up: the actions the test starts, the calls the outside world
/// answers, the stream elements and clock deadlines it delivers, and what must hold.
///
/// ``explore(_:strategy:replay:strict:timeout:isolation:fileID:filePath:line:column:_:)`` builds
/// a fresh scenario for every run and passes it to the test's closure, which creates fresh
/// objects and registers here what the explorer controls. Each registered thing becomes an event;
/// whenever the code under test is settled, the explorer picks the next event:
///
/// - an ``action(_:on:_:)`` not yet started;
/// - a held call of a method registered with ``answers(_:_:with:)``, with each of its answers;
/// - the next element of a ``sends(_:on:)-(_,MockStream<Element>)`` list, once the stream has a
///   subscriber;
/// - the end of a stream registered with ``ends(_:with:)``;
/// - the next deadline of a clock registered with ``advances(_:)``.
///
/// Deactivation is an action like any other (`scenario.action("leave") { await sut.deactivate() }`),
/// so it happens at every point the scenario allows.
///
/// Isolation: `Sendable`; registration is safe from any isolation.
///
/// ```swift
/// await explore { scenario in
///   let auth = MockAuthService()
///   let sut = LoginInteractor(auth: auth, router: router)
///   await sut.activate()
///   scenario.answers(auth, .login)
///   scenario.action("tap", on: sut) { await sut.didTapLogin() }
///   scenario.action("tap", on: sut) { await sut.didTapLogin() }
///   scenario.expect("one logged-in child") { await router.loggedInCount == 1 }
/// }
/// ```
public final class Scenario: Sendable {
  struct Action: Sendable {
    let label: String
    /// The interactor the action acts on, if it said.
    let target: (any Interactable)?
    let body: @Sendable () async -> Void
    var started = false
    /// What the action affects, for the reduction: its interactor's lifecycle, or, unsaid,
    /// everything (`nil`). Derived from `target` once, since every settled point reads it.
    let footprint: Set<ObjectIdentifier>?

    init(label: String, target: (any Interactable)?, body: @escaping @Sendable () async -> Void) {
      self.label = label
      self.target = target
      self.body = body
      footprint = target.map { [ObjectIdentifier($0.lifecycle)] }
    }
  }

  struct Service: Sendable {
    let id: ObjectIdentifier
    let label: String
    /// The methods registered, as order strings name them; `nil` for a sweep of a mock whose
    /// methods cannot be listed.
    let methods: [String]?
    let answers: [ExploredAnswer]
    /// Whether each held call is answered at once, with each answer in turn, before any other
    /// event is offered: outcomes explored without orders.
    let holding: Bool
    /// Whether every method of the mock is registered: a sweep, whose report says what it reached.
    var isSweep = false
    /// The calls held now, oldest first, each with its method as an order string names it.
    let held: @Sendable () -> [(method: String, call: HeldCall)]
    let answer: @Sendable (UInt64, (any Error)?) -> Void
  }

  struct Sends: Sendable {
    let id: ObjectIdentifier
    let label: String
    var elements: [(token: String, deliver: @Sendable () -> Void)]
    let isSubscribed: @Sendable () -> Bool
    /// Whether anything ever subscribed: elements left when the subscribers are gone are fine.
    let wasSubscribed: @Sendable () -> Bool
    /// Whether the stream ended: its elements left are no longer offered.
    let hasEnded: @Sendable () -> Bool
  }

  struct Check: Sendable {
    let description: String
    let holds: @Sendable () async -> Bool
  }

  struct State: Sendable {
    var actions: [Action] = []
    var actionLifecycles: [(lifecycle: InteractorLifecycle, action: Int)] = []
    var services: [Service] = []
    var sends: [Sends] = []
    var clocks: [MockClock] = []
    var interactors: [any Interactable] = []
    var routers: [any Routing] = []
    var invariants: [Check] = []
    var expectations: [Check] = []
    /// Held calls made by work settling cannot see, by token: who made each.
    var unseenCalls: [(token: String, caller: String)] = []
    /// Lifecycles activated inside the run, and those of interactors actions act on: watched
    /// without a call to `watch`.
    var activated: [InteractorLifecycle] = []
    /// What the report must say the run did not explore, such as calls made before their method
    /// was registered.
    var notes: [String] = []
    /// The sleeps started in the run on any clock, for a failure to name those left asleep.
    var sleeps: [Sleep] = []
    /// The throwing streams whose end is an event.
    var endings: [Endings] = []
    /// Mistakes in what the closure registered, each a message: the exploration stops on them.
    var misuses: [String] = []
    /// Whether the run ended: a registration after it is a mistake, reported at once.
    var isClosed = false
  }

  /// A sleep on a ``MockClock`` started inside the run.
  struct Sleep: Sendable {
    weak var clock: MockClock?
    let id: UInt64
    /// The deadline as an order string writes it: `session→120s`.
    let token: String
    /// Who sleeps: "the task {} at Feed.swift:12", "the action `tap`", or an unseen task.
    let sleeper: String
  }

  let state = Mutex(State())
  /// Runs the actions' jobs on the explorer's thread between a delivery and the next settle.
  let runner = InlineJobRunner()
  /// Where `explore` was called: where a use of the scenario after its run is reported.
  let site: CallSite

  /// The main-actor hops of the actions, held for the explorer; `nil` where it does not
  /// interleave awaits.
  let heldHops: HeldHops?

  init(site: CallSite, heldHops: HeldHops? = nil) {
    self.site = site
    self.heldHops = heldHops
  }

  /// Registers an action the explorer starts at one of the points it chooses, concurrently with
  /// whatever is in flight then; `label` names it in order strings (`tap#1`, `tap#2` when two
  /// share a label).
  ///
  /// The action runs as a task of its own that settling sees, so a call it makes that the
  /// explorer holds parks it. Name the interactor it acts on with `interactor`, so the explorer
  /// knows which events cannot affect it; without it, the action is ordered against everything.
  ///
  /// - Parameters:
  ///   - label: The action's name in order strings, such as `tap`; spaces become `_`.
  ///   - interactor: The interactor the action acts on, if it acts on one only.
  ///   - body: The action.
  public func action(
    _ label: String, on interactor: (any Interactable)? = nil,
    _ body: @escaping @Sendable () async -> Void
  ) {
    guard isOpen(for: "action(\"\(label)\")") else { return }
    state.withLock {
      $0.actions.append(Action(label: Self.token(label), target: interactor, body: body))
    }
    if let interactor {
      interactor.lifecycle.observed.name(interactor: type(of: interactor))
      watchActivated(interactor.lifecycle)
    }
  }

  /// Holds every call of `method` of `service`, so each becomes an event the explorer answers
  /// with each of `answers` in turn: `login#1✓`, `login#1✗`.
  ///
  /// Works with any ``MockService``, generated mocks included.
  ///
  /// - Parameters:
  ///   - service: The mock service.
  ///   - method: The method whose calls the explorer answers.
  ///   - answers: The answers to try for every call; success only by default.
  public func answers<Mock: MockService>(
    _ service: Mock, _ method: Mock.Method, with answers: [ExploredAnswer] = [.success]
  ) {
    self.answers(service, method, with: answers, holding: true)
  }

  /// Answers every call of `method` of `service` with each of `answers` in turn; with `holding`
  /// false, at once, as the call arrives, so only the outcomes branch, not the orders.
  ///
  /// With `holding` (as ``answers(_:_:with:)`` does), each call is held and becomes an event the
  /// explorer orders against the others. Without, the explorer answers each call as soon as the
  /// run settles with it, before any other event: a sweep of outcomes that does not multiply the
  /// orders.
  ///
  /// - Parameters:
  ///   - service: The mock service.
  ///   - method: The method whose calls the explorer answers.
  ///   - answers: The answers to try for every call.
  ///   - holding: Whether the calls are events ordered against the others.
  public func answers<Mock: MockService>(
    _ service: Mock, _ method: Mock.Method, with answers: [ExploredAnswer], holding: Bool
  ) {
    let call = "answers(\(service.calls.label), .\(method), with:)"
    guard isOpen(for: call), hasAnswers(answers, in: call) else { return }
    guard !registers(ObjectIdentifier(service.mock), method: Self.token("\(method)"), in: call)
    else { return }
    let core = service.mock
    let earlier = service.calls.countWithoutAsserting(of: method)
    if earlier > 0 {
      let calls = (1...earlier).map { "`\(Self.token("\(method)"))#\($0)`" }
      state.withLock {
        $0.notes.append(
          "\(Listing.items(calls)) ran before `answers(\(service.calls.label), .\(method))`, so the "
            + "explorer never held \(earlier == 1 ? "it" : "them"): register with `answers` before "
            + "activating, or before the action that calls it")
      }
    }
    // No timer: the explorer answers every call it holds, and a run that ends with one still held
    // fails through the run's end-of-test checks.
    core.startHolding(
      method, timeout: nil,
      at: CallSite(fileID: "", filePathString: "", line: 0, column: 0))
    let token = Self.token("\(method)")
    let entry = Service(
      id: ObjectIdentifier(core), label: Self.token(service.calls.label), methods: [token],
      answers: answers, holding: holding,
      held: { core.exploredHeldCalls(of: method).map { (token, $0.call) } },
      answer: { id, error in core.answerHeld(id, throwing: error) })
    state.withLock { $0.services.append(entry) }
  }

  /// Answers every call of every method of `service` with each of `answers`: a fault sweep in
  /// one line, generated mocks included.
  ///
  /// Every call the mock can fail (a method whose body calls `throwIfFailing` and can throw any
  /// error) becomes an event answered with each of `answers`, as ``answers(_:_:with:)`` does for
  /// one method; with `holding` false, each is answered at once instead, so only the outcomes
  /// branch. The report says how many calls of each method ran with each answer. When the mock's
  /// `Method` is `CaseIterable` (generated mocks' are), it also names the methods no run called.
  ///
  /// ```swift
  /// await explore { scenario in
  ///   let service = MockLibraryService()
  ///   let model = RecentlyPlayedViewModel(service: service)
  ///   scenario.answers(service, with: [.success, .failure(LibraryError.offline), .cancellation])
  ///   scenario.action("load") { await model.load() }
  ///   scenario.action("refresh") { await model.refresh() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - service: The mock service.
  ///   - answers: The answers to try for every call.
  ///   - holding: Whether the calls are events ordered against the others; `true` by default.
  public func answers<Mock: MockService>(
    _ service: Mock, with answers: [ExploredAnswer], holding: Bool = true
  ) {
    // A `CaseIterable` method list names the methods no run called.
    let methods = (Mock.Method.self as? any CaseIterable.Type).map { Self.cases(of: $0) }
    let call = "answers(\(service.calls.label), with:)"
    guard isOpen(for: call), hasAnswers(answers, in: call) else { return }
    guard !registers(ObjectIdentifier(service.mock), method: nil, in: call) else { return }
    let core = service.mock
    if service.calls.countWithoutAsserting > 0 {
      state.withLock {
        $0.notes.append(
          "\(service.calls.label) was called before `answers(\(service.calls.label), with:)`, so "
            + "the explorer never held those calls: register the sweep before activating")
      }
    }
    core.startHoldingAll(at: CallSite(fileID: "", filePathString: "", line: 0, column: 0))
    let entry = Service(
      id: ObjectIdentifier(core), label: Self.token(service.calls.label), methods: methods,
      answers: answers, holding: holding,
      isSweep: true,
      held: { core.exploredHeldCalls(of: nil).map { (Self.token($0.method), $0.call) } },
      answer: { id, error in core.answerHeld(id, throwing: error) })
    state.withLock { $0.services.append(entry) }
  }

  /// Every case of `type`, as order strings name them.
  private static func cases<Methods: CaseIterable>(of type: Methods.Type) -> [String] {
    Methods.allCases.map { token("\($0)") }
  }

  /// Delivers `elements` on `stream` one at a time, in this order, each at a point the explorer
  /// chooses once the stream has a subscriber: `prices←3`.
  ///
  /// - Parameters:
  ///   - elements: What to send, in order.
  ///   - stream: The stream to send them on.
  public func sends<Element: Sendable>(_ elements: [Element], on stream: MockStream<Element>) {
    guard isOpen(for: "sends(_:on: \(stream.label))") else { return }
    sends(elements, on: stream.feed, send: stream.send)
  }

  /// Registers `elements`, sent with `send` on the stream `feed` feeds.
  func sends<Element: Sendable>(
    _ elements: [Element], on feed: StreamFeed<Element>,
    send: @escaping @Sendable (Element) -> Void
  ) {
    let label =
      feed.label.hasPrefix("Mock") && feed.label.hasSuffix(">") ? "stream" : Self.token(feed.label)
    let entry = Sends(
      id: ObjectIdentifier(feed), label: label,
      elements: elements.enumerated().map { index, element in
        ("\(label)←\(Self.elementToken(element, index: index))", { send(element) })
      },
      isSubscribed: { feed.subscriberCount > 0 },
      wasSubscribed: { feed.subscriptions.countNotAsserting > 0 },
      hasEnded: { feed.hasEnded })
    state.withLock { $0.sends.append(entry) }
  }

  /// Makes each next deadline of `clock` an event (`clock→5s`), at a point the explorer chooses:
  /// a timer firing while a request is held, or after it answered.
  public func advances(_ clock: MockClock) {
    guard isOpen(for: "advances(\(clock.label))") else { return }
    state.withLock { $0.clocks.append(clock) }
  }

  /// Adds `interactor` to what must settle between events.
  ///
  /// Every interactor activated inside the scenario (in its closure, an action, or work they
  /// start, such as a router attaching a child) is watched already, and so is every interactor an
  /// action names with `on:`. Watch an interactor that was activated before ``explore(_:strategy:replay:strict:timeout:isolation:fileID:filePath:line:column:_:)``
  /// began and that actions or answered calls reach, so the explorer waits for its work before
  /// picking the next event.
  public func watch(_ interactor: any Interactable) {
    guard isOpen(for: "watch(\(type(of: interactor)))") else { return }
    interactor.lifecycle.observed.name(interactor: type(of: interactor))
    state.withLock { $0.interactors.append(interactor) }
  }

  /// Adds the tree of `router` (read at every settled point) to what must settle between events.
  ///
  /// Routers attached inside the scenario need no call: attaching activates their interactors,
  /// which are watched then.
  public func watch(_ router: any Routing) {
    guard isOpen(for: "watch(\(type(of: router)))") else { return }
    state.withLock { $0.routers.append(router) }
  }

  /// Checks `holds` at every settled point of every run; a run in which it is ever false fails.
  ///
  /// - Parameters:
  ///   - description: What must hold, as the failure names it.
  ///   - holds: Whether it holds now.
  public func invariant(_ description: String, _ holds: @escaping @Sendable () async -> Bool) {
    guard isOpen(for: "invariant(\"\(description)\")") else { return }
    state.withLock { $0.invariants.append(Check(description: description, holds: holds)) }
  }

  /// Checks `holds` once nothing is pending in a run; a run in which it is false fails.
  ///
  /// - Parameters:
  ///   - description: What must hold, as the failure names it.
  ///   - holds: Whether it holds at the end of the run.
  public func expect(_ description: String, _ holds: @escaping @Sendable () async -> Bool) {
    guard isOpen(for: "expect(\"\(description)\")") else { return }
    state.withLock { $0.expectations.append(Check(description: description, holds: holds)) }
  }

  /// `text` as it appears in an order string: no spaces.
  static func token(_ text: String) -> String {
    text.replacingSpaces()
  }

  /// An element in an order string: its description when short and plain (`prices←5`), else its
  /// position in the list (`userStream←#1`), so the string stays readable and pasteable.
  static func elementToken(_ element: some Any, index: Int) -> String {
    let description = "\(element)"
    let plain = description.allSatisfy { $0.isLetter || $0.isNumber || "._-".contains($0) }
    return plain && description.count <= 16 ? description : "#\(index + 1)"
  }
}

extension String {
  fileprivate func replacingSpaces() -> String {
    String(map { $0 == " " ? "_" : $0 })
  }
}
