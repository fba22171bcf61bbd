// A service whose streams can fail mid-stream, for the generated-mocks fixture tests. `Error` is
// spelled both ways, as apps without `ExistentialAny` spell it; its mock spells it `any Error`.

/// A service pushing what happens to orders, from feeds that can fail: methods and properties
/// returning throwing streams.
public protocol OrderTracking: Sendable {
  /// The orders as they are placed, until the feed fails.
  func placedOrders() -> AsyncThrowingStream<Order, any Error>
  /// The minutes until `order` is ready, as they change, until the feed fails.
  func readiness(of order: Order) async -> AsyncThrowingStream<Int, Error>
  /// Reconnects to the kitchen; can fail before a feed is returned.
  func reconnect() async throws -> AsyncThrowingStream<Order, any Error>
  /// The kitchen's status line, as it changes, until the feed fails.
  var status: AsyncThrowingStream<String, Error> { get }
  /// The number of open orders, as it changes, until the feed fails.
  var openCount: AsyncThrowingStream<Int, any Error> { get }
}
