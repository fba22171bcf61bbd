import napkin

extension InteractorLifecycle {
  /// NapkinTesting's record of this lifecycle, made the first time it is needed.
  ///
  /// Made lazily in the lifecycle's one observer slot, so a lifecycle created before any
  /// NapkinTesting object is still observed from then on; its tasks bound before that are
  /// tracked as busy until they end.
  package var observed: ObservedLifecycle {
    if let record = observerSlot.record {
      return record as! ObservedLifecycle
    }
    ToolkitObserver.installOnce()
    let made = ObservedLifecycle(lifecycleID: ObjectIdentifier(self))
    let stored = observerSlot.store(made)
    if stored === made { made.adopt(boundTasks) }
    return stored as! ObservedLifecycle
  }

  /// Whether the lifecycle is settled, and what moved so far: see ``ObservedLifecycle/idleness``.
  package var idleness: (isIdle: Bool, activity: UInt64) { observed.idleness }

  /// What keeps the lifecycle from being idle besides its bound tasks, if anything.
  package var transitionNote: String? { observed.transitionNote }

  /// Every bound task that has not finished: where it was registered and what it is parked on.
  package var boundTaskDescriptions: [BoundTaskDescription] { observed.boundTaskDescriptions }

  /// Suspends until the lifecycle is settled; `false` if `deadline` passes first.
  package func waitUntilIdle(until deadline: ContinuousClock.Instant) async -> Bool {
    await observed.waitUntilIdle(until: deadline)
  }
}
