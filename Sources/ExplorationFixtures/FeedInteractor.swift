public import napkin

/// Pages of a feed, each tagged with the version of the feed it came from.
public protocol FeedService: Sendable {
  /// Page `number` of the feed, such as `["v2p1"]`.
  func page(_ number: Int) async throws -> [String]
}

/// Planted bug, refresh during load: page 2 requested before a refresh arrives after the
/// refresh's page 1 and is appended to the fresh list, mixing two versions of the feed.
public final actor FeedInteractor: Interactable {
  public nonisolated let lifecycle = InteractorLifecycle()
  private let service: any FeedService
  /// What the list shows.
  public private(set) var items: [String] = []

  /// An interactor paging through `service`.
  public init(service: any FeedService) { self.service = service }

  /// Pull to refresh: page 1 replaces the list.
  public func refresh() async {
    guard let page = try? await service.page(1) else { return }
    items = page
  }

  /// Scrolled to the end: page 2 is appended.
  public func loadMore() async {
    guard let page = try? await service.page(2) else { return }
    items += page
  }
}

/// The fix: a page requested before the latest refresh started is dropped.
public final actor VersionedFeedInteractor: Interactable {
  public nonisolated let lifecycle = InteractorLifecycle()
  private let service: any FeedService
  private var generation = 0
  /// What the list shows.
  public private(set) var items: [String] = []

  /// An interactor paging through `service`.
  public init(service: any FeedService) { self.service = service }

  /// Pull to refresh: page 1 replaces the list.
  public func refresh() async {
    generation += 1
    let started = generation
    guard let page = try? await service.page(1), started == generation else { return }
    items = page
  }

  /// Scrolled to the end: page 2 is appended, unless a refresh started meanwhile.
  public func loadMore() async {
    let started = generation
    guard let page = try? await service.page(2), started == generation else { return }
    items += page
  }
}
