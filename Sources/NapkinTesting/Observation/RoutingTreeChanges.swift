/// A signal raised whenever a router attaches or detaches a child, for a test toolkit that waits
/// until a router tree stops changing.
///
/// Package-only. napkin's routers (through ``ToolkitObserver``) and ``BaseMockRouter`` call
/// ``changed()`` on the main actor, after `children` changed; a waiter
/// reads ``count``, then awaits ``next(after:)``, which returns at once if the count moved since.
/// A change wakes every waiter in the process: a waiter of another tree only reads its tree again.
/// With nobody waiting, a change costs one increment and one empty check.
///
/// Isolation: `@MainActor`, like the routers that raise it.
@MainActor
package enum RoutingTreeChanges {
  private static var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  private static var nextID: UInt64 = 0

  private static var changes: UInt64 = 0

  /// How many changes happened so far.
  ///
  /// Other modules reach the statics only through these non-inlined members: a release build
  /// once inlined a package static's storage into another module uninitialized.
  package static var count: UInt64 {
    @inline(never) get { changes }
  }

  /// Records a change and resumes every waiter.
  @inline(never)
  package static func changed() {
    changes &+= 1
    guard !waiters.isEmpty else { return }
    let resumed = waiters.values
    waiters = [:]
    for waiter in resumed { waiter.resume() }
  }

  /// Suspends until the change count passes `seen`, or the calling task is cancelled.
  @inline(never)
  package static func next(after seen: UInt64) async {
    guard changes == seen, !Task.isCancelled else { return }
    let id = nextID
    nextID &+= 1
    await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
        if changes != seen || Task.isCancelled {
          waiter.resume()
        } else {
          waiters[id] = waiter
        }
      }
    } onCancel: {
      Task { @MainActor in waiters.removeValue(forKey: id)?.resume() }
    }
  }
}
