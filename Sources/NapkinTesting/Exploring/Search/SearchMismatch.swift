/// Why a run did not follow the order its search asked for.
///
/// Isolation: `Sendable` value.
enum SearchMismatch: Sendable, Equatable {
  /// A point reached again offered other events than when it was first reached.
  case diverged(Divergence)
  /// A replayed order's token was not ready at its point.
  case missed(step: Int, token: String, ready: [String])
}
