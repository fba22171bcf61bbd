import NapkinTesting
import Testing

/// The parallel fetch, 2,000 times, eight at once: hold both calls, settle, release them in
/// either order with a settle between, settle, assert. Any case that shows the wrong thing or
/// fails to settle counts as a failure.
@Suite struct ChildTaskStressTests {
  @Test func parallelFetch_2000Cases_holdSettleReleaseInEitherOrder_neverRaces() async {
    let cases = 2_000
    let width = 8
    var failures: [String] = []
    let issues = await withIssueCollector {
      failures = await withTaskGroup(of: String?.self) { group in
        var started = 0
        var failures: [String] = []
        while started < width {
          let index = started
          group.addTask { await Self.runCase(index) }
          started += 1
        }
        for await failure in group {
          if let failure { failures.append(failure) }
          if started < cases {
            let index = started
            group.addTask { await Self.runCase(index) }
            started += 1
          }
        }
        return failures
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of 2,000 cases failed: \(failures.prefix(5))")
    #expect(issues.isEmpty, "\(issues.prefix(3).map(\.message))")
  }

  /// One case; returns what went wrong, or `nil`.
  private static func runCase(_ index: Int) async -> String? {
    let service = MockProfileService()
    service.hold(.profile)
    service.hold(.orders)
    let sut = ParallelFetchInteractor(service: service)
    await sut.activate()
    defer { _ = service.calls.count }
    guard await service.waitUntilHeld(.profile), await service.waitUntilHeld(.orders),
      await settle(sut)
    else { return "case \(index): did not settle while both calls were held" }
    let (first, second): (ProfileMethod, ProfileMethod) =
      index.isMultiple(of: 2) ? (.profile, .orders) : (.orders, .profile)
    service.release(first)
    guard await settle(sut), sut.shown.count == 0 else {
      return "case \(index): showed \(sut.shown.all) after one answer"
    }
    service.release(second)
    guard await settle(sut) else { return "case \(index): did not settle after both answers" }
    guard sut.shown.all == ["Ada: 3"], sut.lifecycle.boundTaskCount == 0 else {
      return "case \(index): showed \(sut.shown.all), \(sut.lifecycle.boundTaskCount) tasks left"
    }
    await sut.deactivate()
    return nil
  }
}
