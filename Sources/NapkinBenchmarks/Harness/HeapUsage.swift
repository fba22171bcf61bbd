import CHeapUsage

/// The bytes the process's heap has in use, where the platform can tell.
enum HeapUsage {
  /// In-use heap bytes (glibc's `mallinfo2`, or the malloc zone on Apple platforms); `nil` where
  /// unavailable.
  static func inUseBytes() -> Int? {
    let bytes = napkin_heap_in_use_bytes()
    return bytes == 0 ? nil : Int(bytes)
  }
}
