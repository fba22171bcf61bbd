public import napkin

/// Prices and coupons of a cart.
public protocol CartService: Sendable {
  /// A live stream of the item's price.
  var prices: AsyncStream<Int> { get }
  /// The discount of the user's coupon.
  func coupon() async throws -> Int
}

/// Planted bug, element between check and write: the coupon applies only above its discount, but
/// a price that drops while the coupon loads makes the total negative.
public final actor CartInteractor: Interactable {
  public nonisolated let lifecycle = InteractorLifecycle()
  private let service: any CartService
  /// The item's latest price.
  public private(set) var price = 20
  /// What the user pays.
  public private(set) var total = 20

  /// An interactor following `service`'s prices.
  public init(service: any CartService) { self.service = service }

  public func didBecomeActive() async {
    let prices = service.prices
    task {
      for await price in prices { self.update(price) }
    }
  }

  private func update(_ price: Int) {
    self.price = price
    total = price
  }

  /// The coupon button.
  public func didTapCoupon() async {
    guard price > 10, let discount = try? await service.coupon() else { return }
    total = price - discount
  }
}

/// The fix: the check is made again against the price once the coupon arrived.
public final actor RecheckingCartInteractor: Interactable {
  public nonisolated let lifecycle = InteractorLifecycle()
  private let service: any CartService
  /// The item's latest price.
  public private(set) var price = 20
  /// What the user pays.
  public private(set) var total = 20

  /// An interactor following `service`'s prices.
  public init(service: any CartService) { self.service = service }

  public func didBecomeActive() async {
    let prices = service.prices
    task {
      for await price in prices { self.update(price) }
    }
  }

  private func update(_ price: Int) {
    self.price = price
    total = price
  }

  /// The coupon button.
  public func didTapCoupon() async {
    guard price > 10, let discount = try? await service.coupon(), price > discount else { return }
    total = price - discount
  }
}
