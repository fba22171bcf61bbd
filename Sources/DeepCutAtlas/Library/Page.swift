/// One page of a paginated feed, numbered from 1.
nonisolated public struct Page<Item: Sendable>: Sendable {
  /// The page number; the first page is 1.
  public let number: Int
  /// The items on this page, in feed order.
  public let items: [Item]
  /// Whether a page follows this one.
  public let hasMore: Bool

  /// Creates a page.
  public init(number: Int, items: [Item], hasMore: Bool) {
    self.number = number
    self.items = items
    self.hasMore = hasMore
  }
}

// nonisolated: in this default-MainActor module the conformance would be @MainActor-isolated.
nonisolated extension Page: Equatable where Item: Equatable {}
