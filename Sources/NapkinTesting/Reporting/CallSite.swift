/// Where a NapkinTesting helper was called from: the place a failure is attributed to.
///
/// Every public helper takes `fileID`, `filePath`, `line` and `column` defaulted to the caller's
/// location and packs them into a `CallSite`, so a failure points at the test's line, not at the
/// toolkit.
///
/// Isolation: a `Sendable` value.
///
/// ```swift
/// let site = CallSite()   // this line
/// ```
public struct CallSite: Sendable, CustomStringConvertible {
  /// The `#fileID` of the call, such as `"MyAppTests/LoginTests.swift"`.
  public let fileID: String
  /// The `#filePath` of the call.
  public var filePath: String { filePathString ?? "\(staticFilePath)" }
  /// The path when it is known only as a string; otherwise it is made from `staticFilePath` when
  /// read, so capturing a call site on a hot path allocates nothing.
  private let filePathString: String?
  /// The line of the call.
  public let line: UInt
  /// The column of the call.
  public let column: UInt
  /// The `#filePath` as XCTest wants it.
  let staticFilePath: StaticString

  /// Captures the caller's location.
  public init(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.fileID = fileID
    self.filePathString = nil
    self.line = line
    self.column = column
    self.staticFilePath = filePath
  }

  /// A call site known only by strings, such as a Swift Testing test's source location.
  init(fileID: String, filePathString: String, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePathString = filePathString
    self.line = line
    self.column = column
    self.staticFilePath = #filePath
  }

  /// `fileID:line:column`.
  public var description: String { "\(fileID):\(line):\(column)" }
}
