/// The pure state of a router: its load phase and waiters, and the identities of its children;
/// lives on the main actor with its router.
struct RouterState {
  /// The identities of the router's children: an attach checks membership in constant time, not
  /// by walking every child (quadratic for a router with many).
  var attached: Set<ObjectIdentifier> = []

  /// Whether `didLoad()` has not run, runs, or returned.
  enum Phase { case notLoaded, loading, loaded }

  private(set) var phase: Phase = .notLoaded
  private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  private var nextID: UInt64 = 0

  /// Moves to `.loading`; returns `true` if the caller must run `didLoad()`.
  mutating func beginLoad() -> Bool {
    guard phase == .notLoaded else { return false }
    phase = .loading
    return true
  }

  /// Moves to `.loaded` and returns the waiters to resume.
  mutating func finishLoad() -> [CheckedContinuation<Void, Never>] {
    defer { (phase, waiters) = (.loaded, [:]) }
    return Array(waiters.values)
  }

  mutating func makeWaiterID() -> UInt64 {
    defer { nextID &+= 1 }
    return nextID
  }

  /// Adds a waiter; returns `false` if the router is already loaded.
  mutating func addWaiter(_ waiter: CheckedContinuation<Void, Never>, id: UInt64) -> Bool {
    guard phase != .loaded else { return false }
    waiters[id] = waiter
    return true
  }

  /// Removes a cancelled waiter, returning it so it can be resumed.
  mutating func removeWaiter(id: UInt64) -> CheckedContinuation<Void, Never>? {
    waiters.removeValue(forKey: id)
  }
}
