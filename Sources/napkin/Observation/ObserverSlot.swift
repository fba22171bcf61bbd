import Synchronization

/// The one slot a lifecycle keeps for a test toolkit's record of it (see ``LifecycleObserver``):
/// empty in an app.
///
/// Package-only. Holds the record's address, retained, in an atomic word; when the lifecycle is
/// released, the slot lets go of the record and hands it to the observer.
///
/// Isolation: `Sendable`; one atomic word, written at most once.
package struct ObserverSlot: ~Copyable, Sendable {
  private let bits = Atomic<UInt>(0)

  deinit {
    guard let address = UnsafeRawPointer(bitPattern: bits.load(ordering: .acquiring)) else {
      return
    }
    let record = Unmanaged<any AnyObject & Sendable>.fromOpaque(address).takeRetainedValue()
    LifecycleObservation.observer?.lifecycleReleased(record: record)
  }

  /// The record, if a toolkit stored one.
  package var record: (any AnyObject & Sendable)? {
    UnsafeRawPointer(bitPattern: bits.load(ordering: .acquiring)).map {
      Unmanaged<any AnyObject & Sendable>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// Stores `record` unless a record is stored already; returns the one stored.
  package func store(_ record: any AnyObject & Sendable) -> any AnyObject & Sendable {
    let retained = Unmanaged<any AnyObject & Sendable>.passRetained(record)
    let desired = UInt(bitPattern: retained.toOpaque())
    guard
      bits.compareExchange(expected: 0, desired: desired, ordering: .acquiringAndReleasing)
        .exchanged
    else {
      retained.release()
      return self.record ?? record
    }
    return record
  }
}
