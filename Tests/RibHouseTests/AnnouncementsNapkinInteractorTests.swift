import NapkinTesting
import RibHouse
import Testing

/// The headless Announcements napkin: owners the pit's last calls while active, and only then.
@Suite(.napkinChecks(strict: true))
struct AnnouncementsNapkinInteractorTests {
  let listener = MockAnnouncementsNapkinListener()
  let pit = MockPitServicing(boardUpdatesFeed: MockStream(replaying: PitBoard.opening))
  let sut: AnnouncementsNapkinInteractor

  init() async {
    sut = AnnouncementsNapkinInteractor(pitService: pit)
    await sut.wire(router: nil, listener: listener)
    expectNoBoundTasksAtEnd(sut)
  }

  @Test func lastCalls_areForwardedWhileActive_andNotAfterDeactivation() async {
    await sut.activate()
    pit.lastCallsFeed.send(.burntEnds)
    await listener.calls.waitForCall(.announcementsDidReceive(lastCall: .burntEnds))
    await settle(sut)

    await sut.deactivate()
    await expectBoundTasksCancelled(sut)
    // No subscriber is left, so a last call announced now cannot reach the listener, not even
    // later.
    #expect(pit.lastCallsFeed.subscriberCount == 0)
    pit.lastCallsFeed.send(.hotLinks)

    #expect(listener.calls == [.announcementsDidReceive(lastCall: .burntEnds)])
  }

  @Test func lastCalls_areForwardedInOrder() async {
    await sut.activate()

    pit.lastCallsFeed.send(.burntEnds)
    pit.lastCallsFeed.send(.hotLinks)

    await listener.calls.waitForCalls(count: 2)
    #expect(
      listener.calls == [
        .announcementsDidReceive(lastCall: .burntEnds),
        .announcementsDidReceive(lastCall: .hotLinks),
      ])
    await sut.deactivate()
  }
}
