/// A recording interactor for mocks and tests that need an `Interactable` but no behaviour.
///
/// ``BaseMockRouter`` uses one as its ``BaseMockRouter/interactable``. It records every
/// `didBecomeActive()` and `willResignActive()`, so a test can read how often a router activated
/// or deactivated it.
///
/// Isolation: an actor; ``lifecycle`` and ``events`` are `nonisolated`.
///
/// ```swift
/// let interactor = MockInteractor()
/// await interactor.activate()
/// #expect(interactor.activationCount == 1)
/// ```
public final actor MockInteractor: Interactable {
  /// A lifecycle callback the mock received.
  public enum Event: Equatable, Sendable {
    /// `didBecomeActive()` ran.
    case didBecomeActive
    /// `willResignActive()` ran.
    case willResignActive
  }

  /// The mock's lifecycle.
  public nonisolated let lifecycle = InteractorLifecycle()

  /// Every lifecycle callback, in order. Not part of strict exhaustivity checks.
  public nonisolated let events: CallRecorder<Event>

  /// Creates an inactive mock interactor.
  public init(_ label: String = "MockInteractor") {
    events = CallRecorder(label, exhaustive: false)
  }

  /// The number of inactive→active edges so far.
  public nonisolated var activationCount: Int { events.count(of: .didBecomeActive) }

  /// The number of active→inactive edges so far.
  public nonisolated var deactivationCount: Int { events.count(of: .willResignActive) }

  /// Records `.didBecomeActive`.
  public func didBecomeActive() async {
    events.record(.didBecomeActive)
  }

  /// Records `.willResignActive`.
  public func willResignActive() async {
    events.record(.willResignActive)
  }
}
