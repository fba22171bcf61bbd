import NapkinTesting
import RibHouse
import Testing

/// The example's real interactors, explored with their generated mocks and no hand edits: every
/// order in which the outside world can answer them.
@Suite struct RibHouseExplorationTests {
  /// Two taps on "log in" race each other and the user stream, which broadcasts the login the
  /// service performed: whatever the order, LoggedIn is attached once, after LoggedOut.
  @Test func login_racingASecondLoginAndTheUserStream_attachesLoggedInOnce() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let auth = MockAuthServicing(
        loginResult: Stub(.smokeyJoe), userStreamFeed: MockStream(replaying: nil))
      let router = MockLaunchNapkinRouting()
      let sut = LaunchNapkinInteractor(authService: auth)
      await sut.wire(router: router, listener: nil)
      await sut.activate()
      await router.calls.waitForCall(.attachLoggedOut)
      scenario.watch(sut)
      scenario.answers(auth, .login, with: [.success, .failure(SimulatedError())])
      scenario.sends([.smokeyJoe], on: auth.userStreamFeed)
      scenario.action("tap", on: sut) { await sut.loggedOutDidTapLogin() }
      scenario.action("tap", on: sut) { await sut.loggedOutDidTapLogin() }
      scenario.expect("LoggedOut, then LoggedIn once") {
        _ = auth.calls.count
        let calls = router.calls.all.filter {
          if case .presentLoginFailure = $0 { return false }
          return true
        }
        return calls == [.attachLoggedOut, .attachLoggedIn(user: .smokeyJoe)]
      }
    }
    #expect(report.passed, "\(report)")
    #expect(report.isExhaustive, "\(report)")
    // Two taps, up to two answers each with two outcomes, and the stream's broadcast.
    #expect(report.orders == 120, "\(report)")
  }

  /// The specials fetch fails or succeeds, its retry timer fires, and the board stream delivers an
  /// update, in every order, while the user may leave at any point: the last board shown is the
  /// latest, specials or their failure are shown at most once, and nothing after leaving.
  @Test func pitBoard_specialsRetryRacingTheBoardStream_showsTheLatestBoard() async {
    let report = await explore(strategy: .exhaustive()) { scenario in
      let presenter = MockPitBoardNapkinPresentable()
      let pit = MockPitServicing(boardUpdatesFeed: MockStream(replaying: PitBoard.opening))
      let specials = MockSpecialsServicing(todaysSpecialsResult: Stub(Special.todaysMenu))
      let clock = MockClock("pit clock")
      let sut = PitBoardNapkinInteractor(
        presenter: presenter, pitService: pit, specialsService: specials, clock: clock)
      scenario.answers(specials, .todaysSpecials, with: [.success, .failure(SimulatedError())])
      await sut.activate()
      scenario.watch(sut)
      scenario.advances(clock)
      scenario.sends([PitBoard.opening.advanced()], on: pit.boardUpdatesFeed)
      scenario.action("leave", on: sut) { await sut.deactivate() }
      scenario.invariant("specials shown at most once") {
        presenter.calls.all.count {
          switch $0 {
          case .presentSpecials, .presentSpecialsFailure: true
          case .presentBoard: false
          }
        } <= 1
      }
      scenario.expect("the last board shown is the latest one delivered") {
        _ = specials.calls.count
        let boards = presenter.calls.all.compactMap {
          if case .presentBoard(let board) = $0 { return board }
          return nil
        }
        return boards.first == .opening && boards.count <= 2
          && (boards.count == 1 || boards.last == PitBoard.opening.advanced())
      }
    }
    #expect(report.passed, "\(report)")
    #expect(report.isExhaustive, "\(report)")
    // Success or failure, the retry timer, a board update and leaving, in every order.
    #expect(report.orders == 42, "\(report)")
  }
}
