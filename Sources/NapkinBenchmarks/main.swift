#if canImport(Glibc)
  import Glibc
#endif
// Benchmarks of the toolkit's hot paths against baselines measured in the same run: `make bench`.
//
// Every row is a subject beside a baseline, measured in interleaved rounds; the ratio is the
// median of the per-round ratios. Targets are reported, not asserted. The last line is
// machine-readable.

if CommandLine.arguments.dropFirst().first == "wait-only" {
  let recorderSide = await WaitingBenchmarks.waitLoop(rounds: 20_000)
  print("wait-only: \(recorderSide)")
  exit(0)
}

if CommandLine.arguments.dropFirst().first == "throw-only" {
  var samples: [Double] = []
  for _ in 0..<300 {
    samples.append(await FailureInjectionBenchmarks.throwIfFailing(failing: true))
  }
  print("throw-only: \(Statistics(samples).median) ns")
  exit(0)
}

#if DEBUG
  print("warning: a debug build; run `make bench` (release) for meaningful figures")
#endif

print("napkin benchmarks: median and p90 over interleaved rounds (\(ProcessInfoLite.cores) cores)")
print("")
Report.header()

let recording = await RecordingBenchmarks.run()
Report.print(recording.record)
Report.print(recording.floor)

let waiting = await WaitingBenchmarks.run()
Report.print(waiting.count)
Report.print(waiting.match)
let delayRatio = 100_000_000 / waiting.count.subject.median
Report.note(
  "seed 002 waits a fixed 0.1 s: awaiting the call resumes \(Report.format(delayRatio))× sooner")

let injection = await FailureInjectionBenchmarks.run()
Report.print(injection.succeeding)
Report.print(injection.failing)
Report.print(injection.throwing)

let lifecycle = await LifecycleBenchmarks.run()
Report.print(lifecycle.bare)
Report.print(lifecycle.tasks)
Report.print(lifecycle.register)

let router = await RouterBenchmarks.run()
Report.print(router)
Report.note("per child: one attachChild and one detachChild")

let memory = await MemoryBenchmarks.run()
if let memory {
  Report.print(memory.recorder)
  Report.print(memory.mutex)
} else {
  Report.note("bytes per recorded call: not measurable here (no mallinfo2)")
}

let throwRatio = max(injection.succeeding.ratio.median, injection.failing.ratio.median)
let bytes = memory.map { Report.format($0.recorder.subject.median) } ?? "nan"
print("")
print(
  "bench: record_ratio=\(Report.format(recording.record.ratio.median))"
    + " wait_ratio=\(Report.format(waiting.count.ratio.median))"
    + " throw_ratio=\(Report.format(throwRatio))"
    + " record_ns=\(Report.format(recording.record.subject.median))"
    + " wait_us=\(Report.format(waiting.count.subject.median / 1_000))"
    + " lifecycle_ns=\(Report.format(lifecycle.bare.subject.median))"
    + " bytes_per_call=\(bytes)")
