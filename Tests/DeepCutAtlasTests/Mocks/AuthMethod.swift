/// The methods of `AuthManaging`, the keys of `MockAuthManager`'s failure injection.
enum AuthMethod: Hashable, Sendable {
  case signIn, signOut
}
