/// The Rib House's in-memory sign-in service: one account, signed in or out.
///
/// ``login()`` signs ``account`` in and ``logout()`` signs it out; each change is broadcast on
/// ``userStream``, which replays the current user to every new subscriber.
///
/// Isolation: an actor, hence `Sendable`; ``userStream`` is `nonisolated`, so subscribing is
/// synchronous and never misses a change made after it returned.
public actor AuthService: AuthServicing {
  /// The account ``login()`` signs in.
  public let account: User

  private let users: Broadcaster<User?>

  /// Creates the service.
  ///
  /// - Parameters:
  ///   - account: The account ``login()`` signs in.
  ///   - signedIn: Whether `account` starts signed in.
  public init(account: User, signedIn: Bool = false) {
    self.account = account
    users = Broadcaster(replaying: signedIn ? account : nil)
  }

  /// The signed-in user, or `nil` when signed out.
  public var currentUser: User? {
    users.latest ?? nil
  }

  /// Signs ``account`` in (if it is not already) and returns it.
  public func login() async throws -> User {
    if currentUser != account { users.send(account) }
    return account
  }

  /// Signs the current user out (if any).
  public func logout() async throws {
    if currentUser != nil { users.send(nil) }
  }

  /// A stream of the signed-in user: the current one first, then every change.
  public nonisolated var userStream: AsyncStream<User?> {
    users.stream()
  }

  /// The number of live ``userStream`` streams; a stream leaves when its consumer stops.
  public nonisolated var userSubscriberCount: Int {
    users.subscriberCount
  }
}
