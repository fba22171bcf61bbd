import napkin

/// An interactor that logs its callbacks as `"<name>.didBecomeActive"` and
/// `"<name>.willResignActive"`, then runs an optional hook.
///
/// Hooks receive the interactor as an argument, so they never need to capture it.
final actor ProbeInteractor: Interactable {
  typealias Hook = @Sendable (ProbeInteractor) async -> Void

  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let name: String
  nonisolated let log: Recorder<String>
  private let onDidBecomeActive: Hook?
  private let onWillResignActive: Hook?

  init(
    name: String = "probe", log: Recorder<String> = Recorder(),
    onDidBecomeActive: Hook? = nil, onWillResignActive: Hook? = nil
  ) {
    self.name = name
    self.log = log
    self.onDidBecomeActive = onDidBecomeActive
    self.onWillResignActive = onWillResignActive
  }

  func didBecomeActive() async {
    log.record("\(name).didBecomeActive")
    await onDidBecomeActive?(self)
  }

  func willResignActive() async {
    log.record("\(name).willResignActive")
    await onWillResignActive?(self)
  }
}

/// Whether `log` alternates strictly between the two entries, starting with `first`.
func alternates(_ log: [String], first: String, second: String) -> Bool {
  log.enumerated().allSatisfy { index, entry in entry == (index.isMultiple(of: 2) ? first : second)
  }
}

/// Reads up to `count` values from an activation stream; fewer if it finishes first.
func next(
  _ count: Int, from transitions: inout AsyncStream<Bool>.Iterator
) async -> [Bool] {
  var values: [Bool] = []
  for _ in 0..<count {
    guard let value = await transitions.next() else { break }
    values.append(value)
  }
  return values
}

/// The index of the first value that breaks the `false, true, false, …` alternation, if any.
func firstOutOfAlternation(_ values: [Bool]) -> Int? {
  values.indices.first { values[$0] == $0.isMultiple(of: 2) }
}
