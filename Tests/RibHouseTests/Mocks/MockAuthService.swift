import NapkinTesting
import RibHouse

/// The methods of `AuthServicing`: the keys of `MockAuthService`'s failure injection.
enum AuthMethod: Hashable, Sendable { case login, logout }

/// An `AuthServicing` whose login returns `loginResult`, fails or is held, and whose user stream
/// the test drives with `users.send(_:)`.
final class MockAuthService: AuthServicing, MockService {
  let mock = MockServiceCore<AuthMethod>("MockAuthService")
  let loginResult = Stub<User>(label: "loginResult")
  let users = MockStream<User?>(replaying: nil)

  func login() async throws -> User {
    try await throwIfFailing(.login)
    return try loginResult.get()
  }

  func logout() async throws { try await throwIfFailing(.logout) }

  var userStream: AsyncStream<User?> { users.stream() }
}
