import NapkinMutex

/// A one-shot barrier: ``wait()`` suspends until ``open()`` is called, and returns at once after.
///
/// `wait()` ignores cancellation on purpose: a bound task awaiting a closed gate is a task that
/// does not end when cancelled, which is what several checks must detect.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Opens the gate and resumes every waiter.
  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Suspends until the gate is open, even if the task is cancelled meanwhile.
  func wait() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let parked = state.withLock { state in
        guard !state.isOpen else { return false }
        state.waiters.append(waiter)
        return true
      }
      if !parked { waiter.resume() }
    }
  }
}

/// An `AsyncStream` nobody finishes: iterating it ends only when the iterating task is cancelled.
final class Ticker: Sendable {
  let stream: AsyncStream<Int>
  private let continuation: AsyncStream<Int>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  }

  func tick(_ value: Int) {
    continuation.yield(value)
  }

  deinit {
    continuation.finish()
  }
}
