extension Array {
  // nonisolated: else implicitly @MainActor, invisible to other modules, whose calls trap off-main.
  /// Splits the array into consecutive chunks of `size` elements; the last chunk may be shorter.
  ///
  /// `[1, 2, 3, 4, 5].chunked(into: 2)` is `[[1, 2], [3, 4], [5]]`; an empty array gives `[]`.
  ///
  /// - Precondition: `size` is at least 1.
  nonisolated public func chunked(into size: Int) -> [[Element]] {
    precondition(size > 0, "chunked(into:) size must be at least 1")
    return stride(from: 0, to: count, by: size).map { start in
      Array(self[start..<Swift.min(start + size, count)])
    }
  }
}
