/// Signs guests in and out, and tells everyone who is signed in.
///
/// Conformers are usually actors; a test mocks the protocol to control logins and the stream.
///
/// Isolation: `Sendable`; ``userStream`` is a synchronous property, so an actor conformer
/// implements it `nonisolated` and a caller subscribes without hopping onto the service.
public protocol AuthServicing: Sendable {
  /// Signs the guest in and returns the signed-in user.
  ///
  /// - Throws: Whatever prevented the login; the guest stays signed out.
  func login() async throws -> User

  /// Signs the current guest out.
  ///
  /// - Throws: Whatever prevented the logout; the guest stays signed in.
  func logout() async throws

  /// A stream of the signed-in user: the current one (or `nil`) first, then every change.
  ///
  /// Each access returns an independent stream; it unsubscribes when its consumer stops.
  var userStream: AsyncStream<User?> { get }
}
