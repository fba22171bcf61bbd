public import napkin

// Every protocol shape napkin-mocks supports, for the generated-mocks fixture tests
// (Tests/MocksFixtureTests, Tests/MocksFixtureMainActorTests). `make mocks` regenerates them.

/// A value the fixture's protocols pass around.
public struct Order: Equatable, Sendable {
  /// The order's number.
  public let number: Int
  /// Creates an order.
  public init(number: Int) { self.number = number }
}

/// A router: labels kept, `_` arguments unlabeled.
public protocol CheckoutRouting: ViewableRouting {
  /// Attaches the receipt of `order`.
  func attachReceipt(for order: Order) async
  /// Detaches the receipt.
  func detachReceipt() async
  /// Shows `message`.
  func show(_ message: String) async
}

/// What the checkout screen reports.
public protocol CheckoutPresentableListener: AnyObject, Sendable {
  /// The guest tapped "Pay".
  func didTapPay() async
}

/// A presenter with a weakly held listener.
public protocol CheckoutPresentable: Presentable {
  /// The listener, held weakly by the mock.
  var listener: (any CheckoutPresentableListener)? { get set }
  /// Shows the total.
  func present(total: Int)
}

/// A parent listener protocol whose requirement the child inherits.
public protocol ShopListener: AnyObject, Sendable {
  /// The shop closed.
  func shopDidClose() async
}

/// A listener refining another of the module's protocols.
public protocol CheckoutListener: ShopListener {
  /// The checkout finished with `order`.
  func checkoutDidFinish(order: Order) async
}

/// A service with every supported member: throwing and non-throwing, async and synchronous,
/// results, arguments, overloads and a stream.
public protocol CartServicing: Sendable {
  /// Adds `count` of `item`.
  func add(item: String, count: Int) async throws
  /// The total.
  func total() async throws -> Int
  /// Loads a page.
  func load(page: Int) async throws -> [String]
  /// Loads an item.
  func load(id: String) async throws -> String
  /// Forgets the cart; cannot fail.
  func clear() async
  /// Validates synchronously.
  func validate() throws
  /// Notes a view synchronously.
  func noteViewed(_ item: String)
  /// The cart's item counts as they change.
  var counts: AsyncStream<Int> { get }
}

/// An internal protocol: mocked through `@testable import`.
protocol AuditLogging: AnyObject, Sendable {
  /// Logs `event`.
  func log(event: String) async
}
