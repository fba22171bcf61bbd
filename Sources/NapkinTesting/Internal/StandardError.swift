import Foundation

/// Writes a last-resort note of the toolkit to standard error.
func writeToStandardError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
