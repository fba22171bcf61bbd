import Foundation

/// The lines of standard input as a stream, read on a dedicated thread.
///
/// Reading on its own thread keeps the main actor, and the cooperative pool, free while the
/// session waits for the next command. The stream finishes at the end of input.
///
/// Isolation: a caseless enum; the stream is `Sendable`.
enum StandardInput {
  /// Starts reading standard input and returns its lines.
  static func lines() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let reader = Thread {
      while let line = readLine() { continuation.yield(line) }
      continuation.finish()
    }
    reader.start()
    return stream
  }
}
