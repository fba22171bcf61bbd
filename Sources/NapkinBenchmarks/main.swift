// Micro-benchmarks for the hot paths: `make bench` (release build).
import NapkinTesting
import Synchronization

enum Call: Equatable, Sendable {
  case fetch(page: Int)
  case save(String)
}

final actor BenchInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  var activations = 0
  func didBecomeActive() async { activations += 1 }

  func cycle(times: Int) async {
    for _ in 0..<times {
      await activate()
      await deactivate()
    }
  }

  func cycleWithTask(times: Int) async {
    for _ in 0..<times {
      await activate()
      task {}
      await deactivate()
    }
  }
}

func measure(_ label: String, operations: Int, _ body: () async -> Void) async {
  let clock = ContinuousClock()
  var best = Duration.seconds(1_000)
  for _ in 0..<5 {
    let elapsed = await clock.measure { await body() }
    best = min(best, elapsed)
  }
  let nanos = Double(best.components.attoseconds) / 1e9 + Double(best.components.seconds) * 1e9
  let perOp = nanos / Double(operations)
  let text =
    perOp >= 1_000 ? "\((perOp / 10).rounded() / 100) µs" : "\((perOp * 10).rounded() / 10) ns"
  print("\(label.padding(toLength: 48, withPad: " ", startingAt: 0)) \(text) per operation")
}

let records = 1_000_000
await measure("Mutex<[Call]> append (baseline)", operations: records) {
  let mutex = Mutex<[Call]>([])
  for index in 0..<records { mutex.withLock { $0.append(.fetch(page: index)) } }
}
await measure("CallRecorder.record", operations: records) {
  let recorder = CallRecorder<Call>()
  for index in 0..<records { recorder.record(.fetch(page: index)) }
}

let cycles = 100_000
await measure("activate + deactivate (from the actor)", operations: cycles) {
  await BenchInteractor().cycle(times: cycles)
}
await measure("activate + bound task + deactivate", operations: cycles / 10) {
  await BenchInteractor().cycleWithTask(times: cycles / 10)
}

let wakes = 10_000
await measure("waitForCalls woken by a record on another task", operations: wakes) {
  let recorder = CallRecorder<Call>()
  for index in 1...wakes {
    async let woken = recorder.waitForCalls(count: index)
    Task.detached { recorder.record(.fetch(page: index)) }
    _ = await woken
  }
}
