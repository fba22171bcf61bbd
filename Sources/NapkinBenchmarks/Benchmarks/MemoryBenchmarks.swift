import NapkinTesting
import Synchronization

/// Heap bytes per recorded call, from the growth for 1,000,000 records, against the call type's
/// `MemoryLayout` stride.
enum MemoryBenchmarks {
  static let records = 1_000_000

  static func recorderBytesPerCall() -> Double? {
    guard let before = HeapUsage.inUseBytes() else { return nil }
    let recorder = CallRecorder<BenchCall>("bench", exhaustive: false)
    for page in 0..<records { recorder.record(.fetch(page: page)) }
    guard let after = HeapUsage.inUseBytes() else { return nil }
    blackHole(recorder)
    return Double(after - before) / Double(records)
  }

  static func mutexBytesPerCall() -> Double? {
    guard let before = HeapUsage.inUseBytes() else { return nil }
    let log = Mutex<[BenchCall]>([])
    for page in 0..<records { log.withLock { $0.append(.fetch(page: page)) } }
    guard let after = HeapUsage.inUseBytes() else { return nil }
    blackHole(log.withLock { $0.count })
    return Double(after - before) / Double(records)
  }

  static func run() async -> (recorder: Comparison, mutex: Comparison)? {
    let stride = Double(MemoryLayout<BenchCall>.stride)
    guard recorderBytesPerCall() != nil else { return nil }
    let recorder = await Comparison.measure(
      "bytes per recorded call (1,000,000)", against: "MemoryLayout<Call>.stride", unit: .bytes,
      rounds: 5, warmUp: 1, baseline: { stride }, subject: { recorderBytesPerCall() ?? .nan })
    let mutex = await Comparison.measure(
      "bytes per Mutex<[Call]> element (1,000,000)", against: "MemoryLayout<Call>.stride",
      unit: .bytes, rounds: 5, warmUp: 1, baseline: { stride },
      subject: { mutexBytesPerCall() ?? .nan })
    return (recorder, mutex)
  }
}
