/// What a ``MockClock`` records on its test's timeline.
enum ClockEvent: Sendable, CustomStringConvertible {
  case sleep(until: MockClock.Instant)
  case advance(to: MockClock.Instant)

  var description: String {
    switch self {
    case .sleep(let deadline): "sleep until \(deadline)"
    case .advance(let target): "advance to \(target)"
    }
  }
}
