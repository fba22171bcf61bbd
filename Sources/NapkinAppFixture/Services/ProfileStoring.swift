/// Stores per-user settings.
public protocol ProfileStoring: Sendable {
  /// The value stored for `key`, decoded as a `T`.
  func value<T: Decodable & Sendable>(for key: String) async throws(ProfileError) -> T
  /// Stores `value` for `key`.
  func set(_ value: some Encodable & Sendable, for key: String) async throws(ProfileError)
}
