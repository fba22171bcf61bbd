import NapkinTesting
import Testing

private enum LoggedOutListenerCall: Equatable, Sendable {
  case didTapLogin
}

/// A listener mock: a `final class`, no unchecked Sendable conformance, one line per method.
private final class MockLoggedOutListener: LoggedOutNapkinListener, RecordingListener {
  let calls = CallRecorder<LoggedOutListenerCall>("MockLoggedOutListener")
  func loggedOutDidTapLogin() async { record(.didTapLogin) }
}

private protocol ScoreListener: Sendable {
  func scoreDidChange(to score: Int) async
  func gameDidEnd()
}

private enum ScoreListenerCall: Equatable, Sendable {
  case scoreDidChange(Int)
  case gameDidEnd
}

private final class MockScoreListener: ScoreListener, RecordingListener {
  let calls = CallRecorder<ScoreListenerCall>()
  func scoreDidChange(to score: Int) async { record(.scoreDidChange(score)) }
  func gameDidEnd() { record(.gameDidEnd) }
}

private actor ScoreKeeper {
  private let listener: any ScoreListener
  private var score = 0

  init(listener: any ScoreListener) {
    self.listener = listener
  }

  func add(_ points: Int) async {
    score += points
    await listener.scoreDidChange(to: score)
  }

  func end() {
    listener.gameDidEnd()
  }
}

@Suite struct RecordingListenerTests {
  @Test func launch_didTapLogin_forwardsToListenerFromTheInteractorActor() async {
    let listener = MockLoggedOutListener()
    let sut = LoggedOutNapkinInteractor(listener: listener)
    await sut.didTapLogin()
    #expect(listener.calls == [.didTapLogin])
  }

  @Test func listener_calledFromAnActor_recordsInOrder() async {
    let listener = MockScoreListener()
    let keeper = ScoreKeeper(listener: listener)
    await keeper.add(3)
    await keeper.add(4)
    await keeper.end()
    #expect(listener.calls == [.scoreDidChange(3), .scoreDidChange(7), .gameDidEnd])
  }

  @Test func listener_calledFromManyActors_losesNothing() async {
    let listener = MockScoreListener()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<50 {
        group.addTask {
          let keeper = ScoreKeeper(listener: listener)
          for _ in 0..<20 { await keeper.add(1) }
        }
      }
    }
    #expect(listener.calls.count == 1_000)
    #expect(listener.calls.count(of: .scoreDidChange(20)) == 50)
  }

  @Test func listenerCalls_canBeAwaited() async {
    let listener = MockLoggedOutListener()
    let sut = LoggedOutNapkinInteractor(listener: listener)
    let tap = Task.detached { await sut.didTapLogin() }
    #expect(await listener.calls.waitForCall(.didTapLogin, timeout: .seconds(10)))
    await tap.value
  }
}
