// Benchmarks of the toolkit's hot paths against baselines measured in the same run: `make bench`.
//
// Every row is a subject beside a baseline, measured in interleaved rounds; the ratio is the
// median of the per-round ratios. Targets are reported, not asserted. The last line is
// machine-readable. Arguments name the groups to run (all by default): recording, waiting,
// failures, lifecycle, settle, clock, router, memory, explore.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let groups = [
  "recording", "waiting", "failures", "lifecycle", "settle", "clock", "router", "memory",
  "explore",
]
let requested = Set(CommandLine.arguments.dropFirst())
let unknown = requested.subtracting(groups)
guard unknown.isEmpty else {
  print(
    "napkin-bench: unknown group \(unknown.sorted().joined(separator: ", ")); groups: \(groups)")
  exit(2)
}
func runs(_ group: String) -> Bool { requested.isEmpty || requested.contains(group) }

#if DEBUG
  print("a debug build, as tests run (`make bench-debug`); `make bench` measures a release build")
#endif

print("napkin benchmarks: median and p90 over interleaved rounds (\(ProcessInfoLite.cores) cores)")
print("")
Report.header()

var recordRatio: Double?
var recordNanoseconds: Double?
if runs("recording") {
  let recording = await RecordingBenchmarks.run()
  Report.print(recording.record)
  Report.print(recording.packageLock)
  Report.print(recording.floor)
  Report.print(recording.timeline)
  recordRatio = recording.record.ratio.median
  recordNanoseconds = recording.record.subject.median
}

var waitRatio: Double?
var waitMicroseconds: Double?
if runs("waiting") {
  let waiting = await WaitingBenchmarks.run()
  Report.print(waiting.count)
  Report.print(waiting.match)
  Report.print(waiting.hot)
  Report.note(
    "toolkit cost over a bare resume (median difference): "
      + Report.value(waiting.count.subject.median - waiting.count.baseline.median, .nanoseconds)
      + " parked, "
      + Report.value(waiting.hot.subject.median - waiting.hot.baseline.median, .nanoseconds)
      + " just suspended")
  let delayRatio = 100_000_000 / waiting.count.subject.median
  Report.note(
    "a test that sleeps a fixed 0.1 s instead: awaiting the call resumes \(Report.format(delayRatio))× sooner"
  )
  waitRatio = waiting.count.ratio.median
  waitMicroseconds = waiting.count.subject.median / 1_000
}

var throwRatio: Double?
if runs("failures") {
  let injection = await FailureInjectionBenchmarks.run()
  Report.print(injection.succeeding)
  Report.print(injection.failing)
  throwRatio = max(injection.succeeding.ratio.median, injection.failing.ratio.median)
}

var lifecycleNanoseconds: Double?
if runs("lifecycle") {
  let lifecycle = await LifecycleBenchmarks.run()
  Report.print(lifecycle.bare)
  Report.print(lifecycle.tasks)
  Report.print(lifecycle.register)
  Report.print(lifecycle.created)
  lifecycleNanoseconds = lifecycle.bare.subject.median
}

var settleNanoseconds: Double?
if runs("settle") {
  let settling = await SettleBenchmarks.run()
  Report.print(settling.idle)
  Report.print(settling.parked)
  settleNanoseconds = settling.idle.subject.median
}

if runs("clock") {
  Report.print(await ClockBenchmarks.run())
}

if runs("router") {
  Report.print(await RouterBenchmarks.run())
  Report.note("per child: one attachChild and one detachChild")
}

var exploreRatio: Double?
if runs("explore") {
  let exploration = await ExplorationBenchmarks.run()
  Report.print(exploration)
  exploreRatio = exploration.ratio.median
  Report.note(
    "orders per second: "
      + Report.format(1e9 / exploration.subject.median) + " explored, "
      + Report.format(1e9 / exploration.baseline.median) + " hand-written")
  Report.print(await RealisticExplorationBenchmarks.run())
  Report.print(await RealisticExplorationBenchmarks.runEventsOnly())
}

var bytesPerCall: Double?
if runs("memory") {
  if let memory = await MemoryBenchmarks.run() {
    Report.print(memory.recorder)
    Report.print(memory.mutex)
    bytesPerCall = memory.recorder.subject.median
  } else {
    Report.note("bytes per recorded call: not measurable on this platform")
  }
}

let summary: KeyValuePairs<String, Double?> = [
  "record_ratio": recordRatio, "wait_ratio": waitRatio, "throw_ratio": throwRatio,
  "record_ns": recordNanoseconds, "wait_us": waitMicroseconds,
  "lifecycle_ns": lifecycleNanoseconds, "settle_ns": settleNanoseconds,
  "bytes_per_call": bytesPerCall, "explore_ratio": exploreRatio,
]
print("")
print(
  "bench: "
    + summary.map { "\($0.key)=\($0.value.map(Report.format) ?? "nan")" }.joined(separator: " "))
