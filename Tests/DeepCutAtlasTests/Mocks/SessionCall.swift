import DeepCutAtlas

/// A `SessionManaging` call with its arguments.
enum SessionCall: Equatable, Sendable {
  case saveUser(User)
  case loadUser
  case clearUser
}
