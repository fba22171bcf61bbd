/// The recorded call type of the benchmarks: an enum with a payload, like a mock's method enum.
enum BenchCall: Equatable, Sendable {
  case fetch(page: Int)
  case save(String)
}

/// The method enum of the benchmarks' mock service.
enum BenchMethod: Hashable, Sendable {
  case fetchPage
  case save
}
