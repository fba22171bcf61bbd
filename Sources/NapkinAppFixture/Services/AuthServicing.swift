/// Signs users in and out, and reports who is signed in.
public protocol AuthServicing: Sendable {
  /// Signs in `name`.
  func login(name: String) async throws -> User
  /// Signs out; cannot fail.
  func logout() async
  /// The signed-in user as it changes, starting with the current one.
  func userStream() -> AsyncStream<User?>
  /// Calls `onChange` with the user whenever it changes, until the returned token is released.
  func observe(_ onChange: @escaping @Sendable (User?) -> Void) -> Int
}
