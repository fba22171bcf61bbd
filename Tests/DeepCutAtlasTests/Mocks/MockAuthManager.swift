import DeepCutAtlas
import NapkinTesting

/// An `AuthManaging` whose sign-in returns `signInResult`, or fails, or is held.
final class MockAuthManager: AuthManaging, MockService {
  let mock = MockServiceCore<AuthMethod>("MockAuthManager")
  let signInResult = Stub<User>(label: "signInResult")

  func signIn() async throws -> User {
    try await throwIfFailing(.signIn)
    return try signInResult.get()
  }

  func signOut() async { await recordCall(.signOut) }
}
