/// The pure load state machine of a router; lives on the main actor with its router.
struct LoadState {
  enum Phase {
    case notLoaded
    case loading
    case loaded
  }

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
    phase = .loaded
    defer { waiters = [:] }
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
