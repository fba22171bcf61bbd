import Testing

@testable import NapkinTesting

/// When one reading of a settled point is enough: never while passes are owed.
@Suite struct MainActorPacingTests {
  @Test func passesOwed_toUnseenWorkOrAfterASlowDown_makeNoReadingExact() async {
    var pacing = await MainActorPacing.start()
    #expect(!pacing.isExact(awaitingUnseenWork: true))
    pacing.slowDown()
    #expect(!pacing.isExact(awaitingUnseenWork: false))
  }

  @Test func notWatched_isNeverExact() {
    let pacing = MainActorPacing(watched: nil, passes: 0, whyNotWatched: "turned off")
    #expect(!pacing.isExact(awaitingUnseenWork: false))
  }
}
