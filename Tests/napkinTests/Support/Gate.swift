import NapkinMutex

/// A one-shot barrier: ``wait()`` suspends until ``open()`` is called, and returns at once after.
///
/// A wait also ends when the waiting task is cancelled, so a test's time limit can always end it.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var nextID = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  }

  private let state = Mutex(State())

  /// Opens the gate and resumes every waiter.
  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [:] }
      return state.waiters.values
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Suspends until the gate is open or the calling task is cancelled.
  func wait() async {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
        let parked = state.withLock { state in
          // A cancellation that came before parking finds no waiter to resume: check for it here.
          guard !state.isOpen, !Task.isCancelled else { return false }
          state.waiters[id] = waiter
          return true
        }
        if !parked { waiter.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }
}

/// A gate that opens once ``arrive()`` has been called `count` times.
final class Countdown: Sendable {
  private let remaining: Mutex<Int>
  private let gate = Gate()

  init(count: Int) {
    remaining = Mutex(count)
  }

  /// Counts one arrival; the last expected arrival opens the gate.
  func arrive() {
    let isLast = remaining.withLock { remaining in
      remaining -= 1
      return remaining == 0
    }
    if isLast { gate.open() }
  }

  /// Suspends until every expected arrival happened, or the calling task is cancelled.
  func wait() async {
    await gate.wait()
  }
}

/// Suspends until the current task is cancelled; returns at once if it already is.
func suspendUntilCancelled() async {
  await Gate().wait()
}

extension Task where Failure == Never {
  /// The task's value. Cancelling the waiting task cancels this one too, so a test's time limit
  /// ends the wait instead of hanging the run when the awaited work never finishes.
  var cancellableValue: Success {
    get async {
      await withTaskCancellationHandler {
        await value
      } onCancel: {
        cancel()
      }
    }
  }
}
