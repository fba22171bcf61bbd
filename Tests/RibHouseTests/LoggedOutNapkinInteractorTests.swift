import NapkinTesting
import RibHouse
import Testing

/// The login screen's interactor: a leaf that forwards the tap up and shows failures sent down.
@Suite(.napkinChecks(strict: true))
struct LoggedOutNapkinInteractorTests {
  let presenter = MockLoggedOutNapkinPresentable()
  let listener = MockLoggedOutNapkinListener()
  let sut: LoggedOutNapkinInteractor

  init() async {
    sut = LoggedOutNapkinInteractor(presenter: presenter)
    await sut.wire(router: nil, listener: listener)
  }

  @Test func didTapLogin_forwardsToListenerExactlyOnce() async {
    await sut.didTapLogin()

    #expect(listener.calls == [.loggedOutDidTapLogin])
  }

  @Test func loginDidFail_presentsTheFailure_andTellsNobody() async {
    await sut.loginDidFail(message: "the pit is closed")

    #expect(presenter.calls == [.presentLoginFailure(message: "the pit is closed")])
    #expect(listener.calls == [])
  }
}
