import NapkinMutex
import Testing

@testable import napkin

/// The process's one deadline timer: every action runs once after its timeout unless cancelled,
/// whatever order deadlines arrive in.
@Suite struct DeadlineTimerTests {
  /// Suspends until `timeout` passed on the shared timer.
  private func expire(after timeout: Duration) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = DeadlineTimer.shared.schedule(after: timeout) { continuation.resume() }
    }
  }

  @Test func zeroAndNegativeTimeouts_runTheirActions() async {
    await expire(after: .zero)
    await expire(after: .seconds(-5))
  }

  @Test func cancelledAction_isRemoved_andNeverRuns() {
    let ran = RunCounts()
    let before = DeadlineTimer.shared.scheduledCount
    let token = DeadlineTimer.shared.schedule(after: .seconds(3_600)) {
      ran.count(0)
    }
    #expect(DeadlineTimer.shared.scheduledCount >= before + 1)
    DeadlineTimer.shared.cancel(token)
    DeadlineTimer.shared.cancel(token)
    #expect(ran.counts.isEmpty)
  }

  @Test func earlierDeadlineArrivingAfterALaterOne_runsFirst() async {
    // The timer is armed for an hour from now; the short one must re-arm it.
    let far = DeadlineTimer.shared.schedule(after: .seconds(3_600)) {}
    defer { DeadlineTimer.shared.cancel(far) }
    await expire(after: .milliseconds(1))
  }

  @Test func hugeTimeout_doesNotOverflow() {
    let token = DeadlineTimer.shared.schedule(after: .seconds(Int64.max)) {}
    DeadlineTimer.shared.cancel(token)
  }

  @Test func thousandConcurrentWaits_eachRunsOnce_andCancelledOnesNever() async {
    let runs = RunCounts()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<1_000 {
        group.addTask {
          if index.isMultiple(of: 2) {
            let token = DeadlineTimer.shared.schedule(after: .seconds(3_600)) {
              runs.count(index)
            }
            DeadlineTimer.shared.cancel(token)
          } else {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
              _ = DeadlineTimer.shared.schedule(after: .microseconds(index)) {
                runs.count(index)
                continuation.resume()
              }
            }
          }
        }
      }
    }
    let counts = runs.counts
    #expect(counts.count == 500)
    #expect(counts.values.allSatisfy { $0 == 1 })
    #expect(counts.keys.allSatisfy { !$0.isMultiple(of: 2) })
  }
}

/// How many times each action ran.
private final class RunCounts: Sendable {
  private let storage = Mutex<[Int: Int]>([:])

  var counts: [Int: Int] { storage.withLock { $0 } }

  func count(_ index: Int) {
    storage.withLock { $0[index, default: 0] += 1 }
  }
}
