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
///   let loginResult = Stub<User>(label: "loginResult")
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
  private let owner: IssueOwner
  /// Where the test (or the mock it created) made the stub, named by an unstubbed read.
  private let creationSite: CallSite

  /// Creates an unset stub named `label`.
  ///
  /// - Parameters:
  ///   - label: The name used in messages; defaults to `Stub<Value>`.
  ///   - fileID: Where the stub is created, named when no test owns its failure; keep the default.
  ///   - filePath: Where the stub is created; keep the default.
  ///   - line: Where the stub is created; keep the default.
  ///   - column: Where the stub is created; keep the default.
  public init(
    label: String? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.label = label ?? "Stub<\(Value.self)>"
    storage = Mutex(nil)
    creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    owner = IssueOwner(createdAt: creationSite)
  }

  /// Creates a stub holding `value`.
  ///
  /// `Stub("hello")` holds "hello"; `Stub<String>(label: "greeting")` is an unset stub.
  ///
  /// - Parameters:
  ///   - value: The value every read returns until the test changes it.
  ///   - label: The name used in messages; defaults to `Stub<Value>`.
  ///   - fileID: Where the stub is created, named when no test owns its failure; keep the default.
  ///   - filePath: Where the stub is created; keep the default.
  ///   - line: Where the stub is created; keep the default.
  ///   - column: Where the stub is created; keep the default.
  public init(
    _ value: Value, label: String? = nil, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.label = label ?? "Stub<\(Value.self)>"
    storage = Mutex(value)
    creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    owner = IssueOwner(createdAt: creationSite)
  }

  /// Creates an unset stub named `label`.
  @available(*, deprecated, renamed: "init(label:)", message: "Stub(x) now always holds x")
  @_disfavoredOverload
  public init(
    _ label: String, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.label = label
    storage = Mutex(nil)
    creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    owner = IssueOwner(createdAt: creationSite)
  }

  /// The stubbed value; `nil` while unset (assigning `nil` unsets it: use ``set(_:)`` to stub
  /// `nil` in a stub of an optional type).
  public var value: Value? {
    get {
      owner.flush()
      return storage.withLock { $0 }
    }
    set {
      owner.flush()
      storage.withLock { $0 = newValue }
    }
  }

  /// Sets the stubbed value; `set(nil)` stubs `nil` for a stub of an optional type.
  public func set(_ value: Value) {
    self.value = value
  }

  /// Returns the value, or reports an unstubbed call and throws ``UnstubbedCallError``.
  public func get(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) throws -> Value {
    if let value { return value }
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    // Read inside a mock, the read site is the mock's file: name where the stub was made too.
    let created =
      creationSite.fileID == site.fileID
      ? "" : " (\(label) was created at \(creationSite.fileID):\(creationSite.line))"
    owner.report(
      "Unstubbed call: \(label)\(created) was read before the test set a value, and it has no "
        + "default. Set its value in the test, or read it with get(default:)."
        + (Value.self is any ExpressibleByNilLiteral.Type
          ? " Its value is optional: `value = nil` leaves it unset; call set(nil) to stub nil."
          : ""),
      at: site)
    throw UnstubbedCallError(stub: label)
  }

  /// Returns the value, or `defaultValue` while unset.
  public func get(default defaultValue: @autoclosure () -> Value) -> Value {
    value ?? defaultValue()
  }
}
