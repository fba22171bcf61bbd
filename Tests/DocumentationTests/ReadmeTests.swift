import NapkinTesting
import Testing

// The code of README.md's "A napkin and its test", compiled and run.

protocol LoggedOutListener: AnyObject, Sendable {
  func loggedOutDidTapLogin() async
}

final actor LoggedOutInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  weak var listener: (any LoggedOutListener)?

  func wire(listener: any LoggedOutListener) { self.listener = listener }
  func didTapLogin() async { await listener?.loggedOutDidTapLogin() }
}

nonisolated enum ListenerCall: Equatable, Sendable { case didTapLogin }

final class MockListener: LoggedOutListener, RecordingListener {
  let calls = CallRecorder<ListenerCall>()
  func loggedOutDidTapLogin() async { record(.didTapLogin) }
}

@Suite(.napkinChecks(strict: true))
struct LoggedOutInteractorTests {
  @Test func didTapLogin_forwardsToListenerOnce() async {
    let listener = MockListener()
    let sut = LoggedOutInteractor()
    await sut.wire(listener: listener)

    await sut.didTapLogin()

    #expect(listener.calls == [.didTapLogin])
  }
}
