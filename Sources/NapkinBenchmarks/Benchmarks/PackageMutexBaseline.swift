import NapkinMutex

/// Baselines under the package's own lock, which the toolkit must use: on Linux a pthread mutex
/// the thread sanitizer sees, where `Synchronization.Mutex` locks a raw futex it cannot see.
enum PackageMutexBaseline {
  /// A locked append of one call, `count` times; nanoseconds per call.
  static func append(_ count: Int) -> Double {
    let log = Mutex<[BenchCall]>([])
    let nanoseconds = Timing.perOperation(count) {
      for page in 0..<count { log.withLock { $0.append(.fetch(page: page)) } }
    }
    blackHole(log.withLock { $0.count })
    return nanoseconds
  }
}
