import NapkinMutex

/// A thread-safe stubbed value for a mock's return value, settable from a test.
///
/// Store one in a `let` of a `Sendable` mock, return ``get(fileID:filePath:line:column:)`` from
/// the mocked method, and set ``value`` in the test. A read before any value was set reports an
/// issue naming the stub and throws ``UnstubbedCallError``; use ``get(default:)`` where a
/// default makes sense.
///
/// Isolation: `Sendable`; the value sits behind a `Mutex`.
///
/// ```swift
/// final class MockAuthService: AuthServicing, MockService {
///   let mock = MockServiceCore<AuthMethod>()
///   let loginResult = Stub<User>("loginResult")
///   func login() async throws -> User {
///     try await throwIfFailing(.login)
///     return try loginResult.get()
///   }
/// }
/// // in the test:
/// auth.loginResult.value = User(name: "Smokey Joe")
/// ```
public final class Stub<Value: Sendable>: Sendable {
  /// The name used in messages.
  public let label: String

  private let storage: Mutex<Value?>
  private let relay = IssueRelay()

  /// Creates an unset stub.
  public init(_ label: String? = nil) {
    self.label = label ?? "Stub<\(Value.self)>"
    storage = Mutex(nil)
  }

  /// Creates a stub holding `value`.
  ///
  /// Disfavoured so that `Stub<String>("label")` is an unset stub named "label", as it is for
  /// every other value type; write `Stub<String>("value", label: "label")` for a set one.
  @_disfavoredOverload
  public init(_ value: Value, label: String? = nil) {
    self.label = label ?? "Stub<\(Value.self)>"
    storage = Mutex(value)
  }

  /// The stubbed value; `nil` while unset.
  public var value: Value? {
    get {
      relay.flush()
      return storage.withLock { $0 }
    }
    set {
      relay.flush()
      storage.withLock { $0 = newValue }
    }
  }

  /// Returns the value, or reports an unstubbed call and throws ``UnstubbedCallError``.
  public func get(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) throws -> Value {
    if let value { return value }
    relay.report(
      "Unstubbed call: \(label) was read before the test set a value, and it has no default. "
        + "Set its value in the test, or read it with get(default:).",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    throw UnstubbedCallError(stub: label)
  }

  /// Returns the value, or `defaultValue` while unset.
  public func get(default defaultValue: @autoclosure () -> Value) -> Value {
    value ?? defaultValue()
  }
}
