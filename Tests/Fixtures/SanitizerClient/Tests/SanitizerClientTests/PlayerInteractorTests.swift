import NapkinTesting
import SanitizerClient
import Testing

/// An interactor activated, used and deactivated from many tasks at once.
@Suite(.napkinChecks)
struct PlayerInteractorTests {
  let service = MockTrackService()
  let presenter = MockPlayerPresenter()

  func makeSUT() -> PlayerInteractor {
    PlayerInteractor(presenter: presenter, service: service)
  }

  @Test func concurrentActivateSelectAndDeactivate() async {
    let sut = makeSUT()
    let activity = ActivationRecorder(sut)

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 { group.addTask { await sut.activate() } }
    }
    #expect(await service.playing.waitForSubscribers())
    await withTaskGroup(of: Void.self) { group in
      for chunk in 0..<4 {
        group.addTask { await sut.didSelect(Array(chunk * 10..<chunk * 10 + 10)) }
      }
      group.addTask {
        for id in 100..<120 { service.playing.send(id) }
      }
    }
    #expect(await presenter.calls.waitForCalls(count: 60))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 { group.addTask { await sut.deactivate() } }
    }

    #expect(await expectBoundTasksCancelled(sut))
    let expected = (Array(0..<40) + Array(100..<120)).map {
      PlayerPresenterCall.present(Track(id: $0))
    }
    #expect(Set(presenter.calls.all.prefix(60)) == Set(expected))
    #expect(presenter.calls.count == 60)
    #expect(service.calls.count(of: .fetchTrack) == 60)
    #expect(service.playing.subscriberCount == 0)
    #expect(await activity.transitions.waitForCalls(count: 3))
    #expect(activity.transitions == [false, true, false])
  }

  @Test func activationCycles_withBoundWorkEachTime() async {
    let sut = makeSUT()
    let activity = ActivationRecorder(sut)
    let cycles = 20

    for cycle in 0..<cycles {
      await sut.activate()
      await sut.didSelect([cycle])
      #expect(await presenter.calls.waitForCall(.present(Track(id: cycle))))
      await sut.deactivate()
    }

    #expect(await expectBoundTasksCancelled(sut))
    #expect(presenter.calls == (0..<cycles).map { .present(Track(id: $0)) })
    #expect(await activity.transitions.waitForCalls(count: 1 + 2 * cycles))
    let expected = [false] + Array(repeating: [true, false], count: cycles).flatMap { $0 }
    #expect(activity.transitions == expected)
  }

  @Test func deactivatingWhileCallsAreHeld_cancelsThemQuietly() async {
    let sut = makeSUT()
    service.hold(.fetchTrack)
    service.failingMethods = [.fetchTrack]
    await sut.activate()

    await sut.didSelect(Array(0..<8))
    #expect(await service.waitUntilHeld(.fetchTrack, count: 8))
    await sut.deactivate()

    #expect(await expectBoundTasksCancelled(sut))
    #expect(service.heldCount(of: .fetchTrack) == 0)
    #expect(service.calls.count == 8)
    #expect(presenter.calls.all.isEmpty)
  }
}
