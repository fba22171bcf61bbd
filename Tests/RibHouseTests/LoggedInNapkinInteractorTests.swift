import NapkinTesting
import RibHouse
import Testing

/// The LoggedIn interactor: the guest, a live pit summary, its two children, and logout.
///
/// Not strict: every activated test ends with `deactivate()`, whose detach calls are asserted once,
/// in `deactivate_detachesBothChildren_andEndsThePitSubscription`.
@Suite(.napkinChecks)
struct LoggedInNapkinInteractorTests {
  let presenter = MockLoggedInNapkinPresentable()
  let router = MockLoggedInNapkinRouting()
  let listener = MockLoggedInNapkinListener()
  let pit = MockPitServicing(boardUpdatesFeed: MockStream(replaying: PitBoard.opening))
  let sut: LoggedInNapkinInteractor

  init() async {
    sut = LoggedInNapkinInteractor(presenter: presenter, user: .smokeyJoe, pitService: pit)
    await sut.wire(router: router, listener: listener)
    expectNoBoundTasksAtEnd(sut)
  }

  @Test func activate_presentsUserThenPitSummary_andAttachesAnnouncements() async {
    await sut.activate()

    await presenter.calls.waitForCalls(count: 2)
    #expect(presenter.calls == [.present(user: .smokeyJoe), .presentPitSummary(.opening)])
    #expect(router.calls == [.attachAnnouncements])
    await sut.deactivate()
  }

  @Test func pitBoardUpdates_arePresentedLive() async {
    let firstTick = PitBoard.opening.advanced()
    let secondTick = firstTick.advanced()
    await sut.activate()
    await presenter.calls.waitForCall(.presentPitSummary(.opening))
    await settle(sut)

    pit.boardUpdatesFeed.send(firstTick)
    pit.boardUpdatesFeed.send(secondTick)

    await presenter.calls.waitForCall(.presentPitSummary(secondTick))
    #expect(
      presenter.calls == [
        .present(user: .smokeyJoe), .presentPitSummary(.opening), .presentPitSummary(firstTick),
        .presentPitSummary(secondTick),
      ])
    #expect(router.calls == [.attachAnnouncements])
    await sut.deactivate()
  }

  @Test func deactivate_detachesBothChildren_andEndsThePitSubscription() async {
    await sut.activate()
    await presenter.calls.waitForCall(.presentPitSummary(.opening))
    await settle(sut)
    #expect(pit.boardUpdatesFeed.subscriberCount == 1)

    await sut.deactivate()

    await expectBoundTasksCancelled(sut)
    #expect(pit.boardUpdatesFeed.subscriberCount == 0)
    #expect(router.calls == [.attachAnnouncements, .detachPitBoard, .detachAnnouncements])
    #expect(presenter.calls == [.present(user: .smokeyJoe), .presentPitSummary(.opening)])
  }

  @Test func didTapPitBoard_thenBack_attachesThenDetachesThePitBoard() async {
    await sut.didTapPitBoard()
    await sut.pitBoardDidTapBack()

    #expect(router.calls == [.attachPitBoard, .detachPitBoard])
  }

  @Test func announcementsDidReceiveLastCall_presentsIt() async {
    await sut.announcementsDidReceive(lastCall: .burntEnds)

    #expect(presenter.calls == [.presentLastCall(.burntEnds)])
  }

  @Test func didTapLogout_forwardsToListenerOnce() async {
    await sut.didTapLogout()

    #expect(listener.calls == [.loggedInDidTapLogout])
    #expect(router.calls == [])
  }
}
