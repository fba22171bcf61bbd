import NapkinTesting
import RibHouse
import Testing

/// The Pit Board: a live board and today's specials, each loaded in its own bound task, so the
/// order of the two presenter calls is not defined; tests that need one exact list hold the
/// specials.
@Suite(.napkinChecks(strict: true))
struct PitBoardNapkinInteractorTests {
  let presenter = MockPitBoardNapkinPresentable()
  let listener = MockPitBoardNapkinListener()
  let pit = MockPitServicing(boardUpdatesFeed: MockStream(replaying: PitBoard.opening))
  let specials = MockSpecialsServicing(todaysSpecialsResult: Stub(Special.todaysMenu))
  let clock = MockClock("PitBoardClock")
  let sut: PitBoardNapkinInteractor

  init() async {
    sut = PitBoardNapkinInteractor(
      presenter: presenter, pitService: pit, specialsService: specials, clock: clock)
    await sut.wire(router: nil, listener: listener)
    expectNoBoundTasksAtEnd(sut)
  }

  @Test func activate_presentsTheBoardAndTodaysSpecials() async {
    await sut.activate()

    await presenter.calls.waitForCalls(count: 2)
    #expect(presenter.calls.count == 2)
    #expect(presenter.calls.contains(.presentBoard(.opening)))
    #expect(presenter.calls.contains(.presentSpecials(Special.todaysMenu)))
    #expect(specials.calls == [.todaysSpecials])
    await sut.deactivate()
  }

  @Test func boardUpdate_isPresented() async {
    specials.hold(.todaysSpecials)
    await sut.activate()
    await presenter.calls.waitForCall(.presentBoard(.opening))
    await settle(sut)

    pit.boardUpdatesFeed.send(PitBoard.opening.advanced())

    await presenter.calls.waitForCall(.presentBoard(PitBoard.opening.advanced()))
    #expect(
      presenter.calls == [
        .presentBoard(.opening), .presentBoard(PitBoard.opening.advanced()),
      ])
    #expect(specials.calls == [.todaysSpecials])
    await sut.deactivate()
  }

  @Test func deactivate_cancelsTheBoardStreamTask() async {
    specials.hold(.todaysSpecials)
    await sut.activate()
    await presenter.calls.waitForCall(.presentBoard(.opening))
    await settle(sut)
    #expect(pit.boardUpdatesFeed.subscriberCount == 1)

    await sut.deactivate()

    await expectBoundTasksCancelled(sut)
    #expect(pit.boardUpdatesFeed.subscriberCount == 0)
    #expect(presenter.calls == [.presentBoard(.opening)])
    #expect(specials.calls == [.todaysSpecials])
  }

  @Test func todaysSpecialsFails_retriesAfterOneThenTwoSeconds_thenPresentsTheFailure() async {
    specials.failingMethods = [.todaysSpecials]
    await sut.activate()
    await clock.waitForSleepers()
    #expect(specials.calls == [.todaysSpecials])

    await clock.advance(by: .seconds(1))  // the first retry fails too; the next waits 2 s
    #expect(specials.calls == [.todaysSpecials, .todaysSpecials])
    await clock.advance(by: .seconds(1))
    #expect(specials.calls.count == 2)
    await clock.advance(by: .seconds(1))  // the second retry fails: no more retries

    #expect(specials.calls == [.todaysSpecials, .todaysSpecials, .todaysSpecials])
    #expect(clock.sleeperCount == 0)
    #expect(
      presenter.calls == [
        .presentBoard(.opening), .presentSpecialsFailure(message: "\(SimulatedError())"),
      ])
    await sut.deactivate()
  }

  @Test func todaysSpecialsFailsOnce_retriesAfterOneSecond_andPresentsTheSpecials() async {
    specials.failNext(1, of: .todaysSpecials)
    await sut.activate()
    await clock.waitForSleepers()

    await clock.advance(by: .seconds(1))

    #expect(specials.calls == [.todaysSpecials, .todaysSpecials])
    #expect(
      presenter.calls == [.presentBoard(.opening), .presentSpecials(Special.todaysMenu)])
    await sut.deactivate()
  }

  @Test func deactivatedWhileWaitingToRetry_presentsNoFailure() async {
    specials.failingMethods = [.todaysSpecials]
    await sut.activate()
    await clock.waitForSleepers()

    await sut.deactivate()

    await expectBoundTasksCancelled(sut)
    #expect(clock.sleeperCount == 0)
    #expect(specials.calls == [.todaysSpecials])
    #expect(presenter.calls == [.presentBoard(.opening)])
  }

  @Test func specialsInFlight_whenDeactivated_presentNeitherSpecialsNorFailure() async {
    specials.hold(.todaysSpecials)
    await sut.activate()
    await presenter.calls.waitForCall(.presentBoard(.opening))
    await specials.waitUntilHeld(.todaysSpecials)
    await settle(sut)

    await sut.deactivate()

    await expectBoundTasksCancelled(sut)  // the held fetch threw CancellationError and ended
    #expect(specials.heldCount(of: .todaysSpecials) == 0)
    #expect(presenter.calls == [.presentBoard(.opening)])
    #expect(specials.calls == [.todaysSpecials])
  }

  @Test func didTapBack_forwardsToListenerOnce() async {
    await sut.didTapBack()

    #expect(listener.calls == [.pitBoardDidTapBack])
  }
}
