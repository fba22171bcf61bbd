public import napkin

// Every protocol shape napkin-mocks supports, for the generated-mocks fixture tests
// (Tests/MocksFixtureTests, Tests/MocksFixtureMainActorTests). `make mocks` regenerates them.

/// A value the fixture's protocols pass around.
public struct Order: Equatable, Sendable, Codable {
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

/// A builder: its `build` returns a value without throwing (a required stub), and records its
/// class-bound listener by identity.
@MainActor
public protocol ReceiptBuildable: Buildable {
  /// Builds the receipt of `order`, reporting to `listener`.
  func build(withListener listener: any CheckoutListener, order: Order) async
    -> any CheckoutRouting
}

/// A dependency: properties only, set through the mock's initializer.
public protocol ReceiptDependency: Dependency {
  /// The cart.
  var cart: any CartServicing { get }
  /// The clock.
  var clock: any Clock<Duration> { get }
  /// A note, settable.
  var note: String? { get set }
}

/// A `Sendable` holder of values, one settable.
public protocol ShopSettings: Sendable {
  /// The volume, settable.
  var volume: Int { get set }
  /// The title.
  var title: String { get }
}

/// A service whose methods return values without throwing, and a method returning a stream.
public protocol CatalogServicing: Sendable {
  /// The number of cached items; cannot fail.
  func cachedCount() -> Int
  /// The price of `item`, asynchronously; cannot fail.
  func price(of item: String) async -> Int
  /// Prices as they change.
  func prices() -> AsyncStream<Int>
  /// Opens a feed of item names; can fail.
  func openFeed() async throws -> AsyncStream<String>
  /// The catalog's name.
  var name: String { get }
  /// The page size, settable.
  var pageSize: Int { get set }
}

/// A view host: arguments of class-bound types are recorded by identity.
public protocol CheckoutHosting: AnyObject, Sendable {
  /// Embeds `viewController`.
  func embed(_ viewController: any ViewControllable) async
  /// Shows `router`'s view, or nothing.
  func show(router: (any CheckoutRouting)?) async
}

/// A listener refining standard protocols: a described, hashable, identifiable mock.
public protocol Ticket: CustomStringConvertible, Hashable, Identifiable, AnyObject, Sendable {
  /// The ticket was punched.
  func punch() async
}

/// An actor service: its mock is an `actor`.
public protocol OrderStore: Actor {
  /// Saves `order`.
  func save(_ order: Order) async throws
  /// The number of saved orders.
  var count: Int { get }
}

/// An actor listener: its mock is an `actor`.
public protocol OrderJournal: Actor {
  /// Notes `text`.
  func note(_ text: String) async
}

/// A service with generic methods: arguments recorded by their concrete type, results from
/// handlers.
public protocol Pantry: Sendable {
  /// Fetches the item `id` as a `T`.
  func fetch<T: Decodable & Sendable>(_ type: T.Type, id: String) async throws -> T
  /// Stores `value`.
  func store(_ value: some Encodable & Sendable) async throws
  /// The first of `items`; cannot fail.
  func first<T>(of items: [T]) -> T?
  /// Counts the distinct `items`; cannot fail.
  func count<T: Hashable>(_ items: [T]) -> Int
}

/// A service taking closures: kept ones the test calls, one recorded by position only.
public protocol Courier: Sendable {
  /// Delivers `order`, then calls `completion` with the minutes it took.
  func deliver(_ order: Order, completion: @escaping @Sendable (Result<Int, any Error>) -> Void)
  /// Calls `handler` on the main actor when an order arrives.
  func onArrival(_ handler: @escaping @MainActor (Order) -> Void) async
  /// Calls `done`, if any, when the round ends.
  func finish(_ done: (@Sendable () -> Void)?)
  /// Calls `body` with each pending order, before returning.
  func eachPending(_ body: (Order) throws -> Void)
}

/// A listener with a generic method: its argument recorded by its concrete type.
public protocol CourierListener: AnyObject, Sendable {
  /// Reports `event`.
  func courierDidReport<Event: CustomStringConvertible & Sendable>(_ event: Event) async
}

/// Why the menu did not load.
public enum LoadError: Error, Equatable, Sendable {
  /// The device is offline.
  case offline
}

/// A service whose methods throw one error type: the mock's failure injection takes that type.
public protocol MenuLoading: Sendable {
  /// Loads the menu's items.
  func load() async throws(LoadError) -> [String]
  /// Checks `item` synchronously.
  func check(_ item: String) throws(LoadError)
  /// Refreshes; only a cancellation stops it.
  func refresh() async throws(CancellationError)
}

/// A protocol the generator cannot mock (a static requirement), left out of the whole-module run
/// by the marker below, so the run has nothing to refuse.
///
/// napkin-mocks: exclude
public protocol OrderNumbering {
  /// The next order number.
  static func next() -> Int
}
