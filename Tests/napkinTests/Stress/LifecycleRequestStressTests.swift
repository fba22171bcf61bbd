import NapkinMutex
import Testing
import napkin

/// The order in which requests reach a lifecycle: each is recorded and made under one lock.
private final class RequestOrder: Sendable {
  private let order = Mutex<[Bool]>([])

  /// Records `want` and makes the request, under the lock. A request is the first thing
  /// `activate` and `deactivate` do, before any suspension, so an immediate task started under
  /// the lock has made its request by the time the lock is released.
  func request(_ want: Bool, of lifecycle: InteractorLifecycle, log: Recorder<String>)
    -> Task<Void, Never>
  {
    order.withLock { order in
      order.append(want)
      return Task.immediate {
        if want {
          await lifecycle.activate {
            log.record("didBecomeActive")
            await Task.yield()
          }
        } else {
          await lifecycle.deactivate {
            log.record("willResignActive")
            await Task.yield()
          }
        }
      }
    }
  }

  var last: Bool? { order.withLock { $0.last } }
}

/// A thousand tasks ask for random states at once: the lifecycle ends in the state asked for last,
/// and the callbacks strictly alternate.
@Suite struct LifecycleRequestStressTests {
  @Test(arguments: 0..<5)
  func thousandRandomRequests_endInTheLastRequestedState(run: Int) async {
    let lifecycle = InteractorLifecycle()
    let log = Recorder<String>()
    let order = RequestOrder()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        let want = Bool.random()
        group.addTask { await order.request(want, of: lifecycle, log: log).value }
      }
    }
    #expect(lifecycle.isActive == order.last, "run \(run)")
    let events = log.events
    #expect(zip(events, events.dropFirst()).allSatisfy { $0 != $1 }, "run \(run)")
    #expect(events.first == "didBecomeActive" || events.isEmpty)
  }
}
