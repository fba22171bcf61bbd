import DeepCutAtlas
import NapkinTesting

/// An in-memory `SessionManaging` that records every call; `storedUser` unset means none saved.
final class MockSessionManager: SessionManaging, RecordingListener {
  let calls = CallRecorder<SessionCall>("MockSessionManager")
  let storedUser = Stub<User>(label: "storedUser")

  func saveUser(_ user: User) {
    record(.saveUser(user))
    storedUser.value = user
  }

  func loadUser() -> User? {
    record(.loadUser)
    return storedUser.value
  }

  func clearUser() {
    record(.clearUser)
    storedUser.value = nil
  }
}
