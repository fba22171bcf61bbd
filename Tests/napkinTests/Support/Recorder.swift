import NapkinMutex

/// A thread-safe, ordered log of events, readable and writable from any isolation.
final class Recorder<Event: Sendable>: Sendable {
  private let storage = Mutex<[Event]>([])

  /// Appends `event` to the log.
  func record(_ event: Event) {
    storage.withLock { $0.append(event) }
  }

  /// Every recorded event, in recording order.
  var events: [Event] {
    storage.withLock { $0 }
  }

  /// The number of recorded events.
  var count: Int {
    storage.withLock { $0.count }
  }
}
