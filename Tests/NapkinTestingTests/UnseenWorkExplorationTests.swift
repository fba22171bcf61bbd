import NapkinTesting
import Testing

/// An interactor that loads from a plain `Task {}` per tap, as much real code does, instead of
/// binding the work with `task {}`.
private final actor PlainTaskInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let service: MockProfileService
  private(set) var loads = 0

  init(service: MockProfileService) { self.service = service }

  func tap() {
    Task {
      _ = try? await self.service.orders()
      self.loads += 1
    }
  }
}

/// Work settling cannot see is named in every failure of a run that reached it, never blamed on
/// the test's expectation alone.
@Suite struct UnseenWorkExplorationTests {
  @Test func failingRunWithAPlainTaskCall_namesTheCallAndItsTask() async {
    var report: ExplorationReport?
    let issues = await withIssueCollector {
      report = await explore("a plain task", strategy: .exhaustive()) { scenario in
        let service = MockProfileService()
        let sut = PlainTaskInteractor(service: service)
        await sut.activate()
        scenario.answers(service, .orders)
        scenario.action("tap", on: sut) { await sut.tap() }
        scenario.expect("fails on purpose") {
          _ = service.calls.count
          return false
        }
      }
    }
    #expect(report?.passed == false)
    let message = issues.map(\.message).joined(separator: "\n")
    #expect(message.contains("This run reached work settling cannot see"))
    #expect(
      message.contains(
        "`orders#1` was called from a `Task {}` started inside the action `tap`, which is no child "
          + "of it"))
    #expect(message.contains("Bind that work with `task {}`"))
    #expect(message.contains("Expected \"fails on purpose\", which did not hold at the end."))
  }

  /// The issue's two taps: each exploration passes, or its failure names the unseen task.
  @Test func twoTapsThroughPlainTasks_passOrNameTheUnseenTask() async {
    for _ in 0..<10 {
      let issues = await withIssueCollector {
        await explore(strategy: .exhaustive()) { scenario in
          let service = MockProfileService()
          let sut = PlainTaskInteractor(service: service)
          await sut.activate()
          scenario.answers(service, .orders)
          scenario.action("tap", on: sut) { await sut.tap() }
          scenario.action("tap", on: sut) { await sut.tap() }
          scenario.expect("two loads") {
            _ = service.calls.count
            return await sut.loads == 2
          }
        }
      }
      for issue in issues {
        #expect(
          issue.message.contains("settling cannot see"),
          "a failure that does not name the unseen work: \(issue.message)")
      }
    }
  }

  /// A run that sees all its work says nothing of unseen work.
  @Test func failingRunWithBoundWorkOnly_saysNothingOfUnseenWork() async {
    let issues = await withIssueCollector {
      await explore(strategy: .exhaustive()) { scenario in
        let service = MockProfileService()
        scenario.answers(service, .orders)
        scenario.action("load") { _ = try? await service.orders() }
        scenario.expect("fails on purpose") {
          _ = service.calls.count
          return false
        }
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("settling cannot see") == false)
  }
}
