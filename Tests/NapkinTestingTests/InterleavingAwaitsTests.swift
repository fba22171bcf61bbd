import NapkinMutex
import Testing
import napkin

@testable import NapkinTesting

/// A presenter on the main actor, as apps have them: it shows what the interactor tells it.
@MainActor final class AddPresenter {
  private(set) var shown: [Int] = []
  func showBusy() {}
  func show(count: Int) { shown.append(count) }
}

/// Another actor of the app the interactor awaits, with no NapkinTesting double in between.
actor AddLog {
  private(set) var entries = 0
  func note() { entries += 1 }
}

/// The interactor of the reentrancy bug: it reads its state, awaits something elsewhere, then
/// writes what it read plus one.
final actor AddInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let presenter: AddPresenter
  let log: AddLog
  private(set) var count = 0

  init(presenter: AddPresenter, log: AddLog = AddLog()) {
    self.presenter = presenter
    self.log = log
  }

  /// The bug: two taps while the first is on the main actor count one.
  func didTapAdd() async {
    let current = count
    await presenter.showBusy()
    count = current + 1
    await presenter.show(count: count)
  }

  /// The fix: the write comes before the await.
  func didTapAddFixed() async {
    count += 1
    let current = count
    await presenter.showBusy()
    await presenter.show(count: current)
  }

  /// The same bug through another actor of the app.
  func didTapAddLogged() async {
    let current = count
    await log.note()
    count = current + 1
  }
}

/// The explorer interleaves the actions' awaits on the main actor, and finds the lost update no
/// order of events shows.
@Suite struct InterleavingAwaitsTests {
  enum Variant: Sendable { case buggy, fixed }

  @MainActor static func twoTaps(_ scenario: Scenario, _ variant: Variant) async {
    let sut = AddInteractor(presenter: AddPresenter())
    await sut.activate()
    scenario.watch(sut)
    for _ in 0..<2 {
      scenario.action("add", on: sut) {
        switch variant {
        case .buggy: await sut.didTapAdd()
        case .fixed: await sut.didTapAddFixed()
        }
      }
    }
    scenario.expect("two taps count two") { await sut.count == 2 }
  }

  @Test func eventsOnly_missTheLostUpdate() async {
    let report = await explore(strategy: .exhaustive()) { await Self.twoTaps($0, .buggy) }
    #expect(report.passed, "\(report)")
    #expect(report.orders == 2)
  }

  @Test func oneAwaitPreempted_findsTheLostUpdate_andSaysWhatItInterleaved() async throws {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 1)) {
        await Self.twoTaps($0, .buggy)
      }
    }
    let found = try #require(report)
    #expect(!found.passed)
    #expect(issues.count == 1)
    let order = try #require(found.failingOrder)
    #expect(order == "add#1 add#2 add#1.1 add#2.1 add#1.2 add#2.2")
    #expect(found.summary.contains("up to 1 preemption per order"), "\(found.summary)")
    print(found.failure ?? "")
  }

  @Test func theOrderFound_replays100Of100Times() async {
    let order = "add#1 add#2 add#1.1 add#2.1 add#1.2 add#2.2"
    for _ in 0..<100 {
      var report: ExplorationReport?
      let issues = await withIssueCollector {
        report = await explore(replay: order) { await Self.twoTaps($0, .buggy) }
      }
      #expect(report?.failingOrder == order)
      #expect(issues.count == 1)
      #expect(report?.failure?.contains("two taps count two") == true)
    }
  }

  @Test func anOrderLettingEachActionGoOnFirst_replaysAndPasses() async {
    let report = await explore(replay: "add#1 add#1.1 add#1.2 add#2 add#2.1 add#2.2") {
      await Self.twoTaps($0, .buggy)
    }
    #expect(report.passed, "\(report)")
  }

  @Test func theFixedSibling_passesEveryInterleaving() async {
    let report = await explore(strategy: .exhaustive().interleavingAwaits(preemptions: 2)) {
      await Self.twoTaps($0, .fixed)
    }
    #expect(report.passed, "\(report)")
    #expect(report.isExhaustive)
    #expect(report.summary.contains("awaits on the main actor, up to 2 preemptions"))
  }
}
