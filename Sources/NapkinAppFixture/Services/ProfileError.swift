/// Why a profile could not be read or written.
public enum ProfileError: Error, Equatable, Sendable {
  /// No profile is stored for the user.
  case missing
}
