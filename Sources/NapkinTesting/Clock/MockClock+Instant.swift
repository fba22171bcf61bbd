extension MockClock {
  /// A point in a ``MockClock``'s time: the time since the clock started.
  ///
  /// Arithmetic saturates at about 292 billion years either way instead of trapping, so a huge
  /// `sleep(for:)` sleeps "forever" rather than crashing the test run.
  ///
  /// Isolation: a `Sendable` value.
  ///
  /// ```swift
  /// let clock = MockClock()
  /// let deadline = clock.now + .seconds(2)
  /// #expect("\(deadline)" == "2.0 seconds")
  /// #expect(deadline - clock.now == .seconds(2))
  /// ```
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// Instants are apart by a `Swift.Duration`.
    public typealias Duration = Swift.Duration

    /// The time since the clock started.
    public let offset: Duration

    /// The instant `offset` after the clock's start.
    public init(offset: Duration) {
      self.offset = Self.clamped(offset)
    }

    /// The instant `duration` later (earlier when negative).
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: Self.clamped(offset) + Self.clamped(duration))
    }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The instant `duration` after `instant` (before it when negative), as ``advanced(by:)``.
    public static func + (instant: Instant, duration: Duration) -> Instant {
      instant.advanced(by: duration)
    }

    /// The instant `duration` after `instant`, as ``advanced(by:)``.
    public static func + (duration: Duration, instant: Instant) -> Instant {
      instant.advanced(by: duration)
    }

    /// Moves `instant` by `duration`.
    public static func += (instant: inout Instant, duration: Duration) {
      instant = instant.advanced(by: duration)
    }

    /// The instant `duration` before `instant`.
    public static func - (instant: Instant, duration: Duration) -> Instant {
      instant.advanced(by: .zero - clamped(duration))
    }

    /// Moves `instant` back by `duration`.
    public static func -= (instant: inout Instant, duration: Duration) {
      instant = instant - duration
    }

    /// The duration from `rhs` to `lhs`, as `rhs.duration(to: lhs)`.
    public static func - (lhs: Instant, rhs: Instant) -> Duration {
      rhs.duration(to: lhs)
    }

    /// The time since the clock started, such as `2.0 seconds`.
    public var description: String { "\(offset)" }

    /// The farthest an instant or a step may be from the start; sums of two stay representable.
    private static let limit = Duration.seconds(Int64.max)

    private static func clamped(_ duration: Duration) -> Duration {
      min(max(duration, .zero - limit), limit)
    }
  }
}
