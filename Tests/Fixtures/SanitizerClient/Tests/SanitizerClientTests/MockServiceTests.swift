import NapkinTesting
import SanitizerClient
import Testing

/// A mock service called from many tasks while the test changes its failures and holds.
@Suite(.napkinChecks)
struct MockServiceTests {
  @Test func failingMethodsChangedWhileCallsRun() async throws {
    let service = MockTrackService()
    let callers = 8
    let callsPerCaller = 100

    let outcomes = await withTaskGroup(of: (succeeded: Int, failed: Int).self) { group in
      group.addTask {
        for round in 0..<200 {
          switch round % 4 {
          case 0: service.failingMethods = [.fetchTrack]
          case 1: service.failingMethods = [.fetchTrack, .like]
          case 2: service.fail(.like, with: CancellationError())
          default: service.failingMethods = []
          }
          service.injectedError = SimulatedError("round \(round)")
          if round.isMultiple(of: 10) { service.failNext(2, of: .like, after: 1) }
          if round.isMultiple(of: 25) { service.stopFailing(.like) }
        }
        return (0, 0)
      }
      for caller in 0..<callers {
        group.addTask {
          var outcome = (succeeded: 0, failed: 0)
          for call in 0..<callsPerCaller {
            do {
              if call.isMultiple(of: 2) {
                #expect(try await service.fetchTrack(id: caller) == Track(id: caller))
              } else {
                try await service.like(id: caller)
              }
              outcome.succeeded += 1
            } catch {
              outcome.failed += 1
            }
          }
          return outcome
        }
      }
      return await group.reduce(into: (succeeded: 0, failed: 0)) {
        $0.succeeded += $1.succeeded
        $0.failed += $1.failed
      }
    }

    #expect(outcomes.succeeded + outcomes.failed == callers * callsPerCaller)
    #expect(service.calls.count(of: .fetchTrack) == callers * callsPerCaller / 2)
    #expect(service.calls.count(of: .like) == callers * callsPerCaller / 2)

    service.failingMethods = []
    service.stopFailing(.like)
    #expect(try await service.fetchTrack(id: 1) == Track(id: 1))
    try await service.like(id: 1)
  }

  @Test func heldCalls_cancelledOrReleasedIntoQueuedFailures() async {
    let service = MockTrackService()
    service.hold(.fetchTrack)
    let calls = (0..<16).map { id in Task { try await service.fetchTrack(id: id) } }
    #expect(await service.waitUntilHeld(.fetchTrack, count: 16))
    #expect(service.heldCount(of: .fetchTrack) == 16)

    for call in calls[..<8] { call.cancel() }
    for call in calls[..<8] {
      await #expect(throws: CancellationError.self) { try await call.value }
    }
    #expect(service.heldCount(of: .fetchTrack) == 8)

    // Failure settings are read as a held call resumes: half of the released calls fail.
    service.failNext(4, of: .fetchTrack)
    service.release(.fetchTrack)
    var succeeded = 0
    var failed = 0
    for call in calls[8...] {
      do {
        _ = try await call.value
        succeeded += 1
      } catch {
        #expect(error is SimulatedError)
        failed += 1
      }
    }

    #expect(succeeded == 4)
    #expect(failed == 4)
    #expect(service.heldCount(of: .fetchTrack) == 0)
    #expect(service.calls.count(of: .fetchTrack) == 16)
  }

  @Test func streamSendsFromManyTasks_reachEverySubscriber() async {
    let stream = MockStream<Int>(replaying: -1)
    let subscribers = 6
    let senders = 4
    let valuesPerSender = 50

    let consumers = (0..<subscribers).map { _ in
      Task {
        var received: [Int] = []
        for await value in stream.stream() { received.append(value) }
        return received
      }
    }
    #expect(await stream.waitForSubscribers(count: subscribers))
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<senders {
        group.addTask {
          let first = sender * valuesPerSender
          for value in first..<first + valuesPerSender { stream.send(value) }
        }
      }
      // Short subscriptions come and go while values are sent.
      group.addTask {
        for _ in 0..<20 {
          var iterator = stream.stream().makeAsyncIterator()
          #expect(await iterator.next() != nil)
        }
      }
    }
    stream.finish()

    for consumer in consumers {
      let received = await consumer.value
      #expect(received.first == -1)
      let sent = received.dropFirst()
      #expect(sent.sorted() == Array(0..<senders * valuesPerSender))
      for sender in 0..<senders {
        let first = sender * valuesPerSender
        #expect(
          sent.filter { $0 / valuesPerSender == sender } == Array(first..<first + valuesPerSender))
      }
    }
    #expect(stream.subscriberCount == 0)
  }
}
