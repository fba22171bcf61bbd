import NapkinTesting
import Testing

/// A throwing mock stream: values, then a finish, a chosen failure or a cancellation.
@Suite struct MockThrowingStreamTests {
  /// Collects what a subscriber of `stream` sees: its values, then how it ended.
  private static func consume(_ stream: AsyncThrowingStream<Int, any Error>) async -> (
    values: [Int], error: (any Error)?
  ) {
    var values: [Int] = []
    do {
      for try await value in stream { values.append(value) }
      return (values, nil)
    } catch {
      return (values, error)
    }
  }

  @Test func finish_endsEveryLoopAfterTheValuesSent() async {
    let quotes = MockThrowingStream<Int>(label: "quotes")
    let consumer = Task { await Self.consume(quotes.stream()) }
    await quotes.waitForSubscribers()
    quotes.send(1)
    quotes.send(2)
    quotes.finish()
    let (values, error) = await consumer.value
    #expect(values == [1, 2] && error == nil)
  }

  @Test func fail_throwsTheErrorAfterTheValuesSent() async {
    let quotes = MockThrowingStream<Int>(label: "quotes")
    let consumer = Task { await Self.consume(quotes.stream()) }
    await quotes.waitForSubscribers()
    quotes.send(7)
    quotes.fail(with: QuoteError.disconnected)
    let (values, error) = await consumer.value
    #expect(values == [7])
    #expect(error as? QuoteError == .disconnected)
  }

  @Test func cancel_throwsCancellationError_andALaterSubscriberEndsTheSameWay() async {
    let quotes = MockThrowingStream<Int>(replaying: 3, label: "quotes")
    quotes.cancel()
    let (values, error) = await Self.consume(quotes.stream())
    #expect(values == [3])
    #expect(error is CancellationError)
  }

  @Test func replaying_givesALateSubscriberTheLatestValue() async {
    let quotes = MockThrowingStream<Int>(replaying: 1, label: "quotes")
    quotes.send(5)
    #expect(quotes.latest == 5)
    let consumer = Task { await Self.consume(quotes.stream()) }
    await quotes.waitForSubscribers()
    #expect(quotes.subscriberCount == 1)
    quotes.finish()
    #expect(await consumer.value.values == [5])
  }

  @Test func aBoundTaskWaitingOnTheStream_settles_andAFailureReachesIt() async {
    let service = MockQuoteService()
    let sut = QuoteInteractor(service: service)
    await sut.activate()
    #expect(await settle(sut))
    service.feed.send(101)
    #expect(await settle(sut))
    #expect(await sut.shown == [101])
    service.feed.fail(with: QuoteError.disconnected)
    #expect(await settle(sut))
    #expect(await sut.status == "lost: disconnected")
    #expect(service.calls == [.quotes])
    await sut.deactivate()
  }

  @Test func consumerLeftWaitingAtTheEnd_failsAStrictTest() async {
    let line: UInt = #line + 4
    var consumer: Task<(values: [Int], error: (any Error)?), Never>?
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let quotes = MockThrowingStream<Int>(label: "quotes")
        consumer = Task { await Self.consume(quotes.stream()) }
        await quotes.waitForSubscribers()
      }
    }
    consumer?.cancel()
    _ = await consumer?.value
    #expect(
      issues.map(\.message) == [
        "quotes still had 1 subscriber when the test ended, never finished or failed, so the test "
          + "never checked how the feed ends: finish() it, fail(with:) it, or end the work that "
          + "iterates it."
      ])
    #expect(issues.first?.site.line == line)
  }

  @Test func sendAfterTheEnd_failsAStrictTest() async {
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let quotes = MockThrowingStream<Int>(label: "quotes")
        quotes.fail(with: QuoteError.disconnected)
        quotes.send(1)
      }
    }
    #expect(
      issues.map(\.message) == [
        "quotes was sent a value after the stream ended (1), which no subscriber got: send before "
          + "ending it, or leave the send out."
      ])
  }

  // MARK: Failure injection

  @Test func failingStreamMethod_throwsAtOnce() async {
    let service = MockQuoteService()
    service.failingMethods = [.quotes]
    let (values, error) = await Self.consume(service.quotes())
    #expect(values.isEmpty)
    #expect(error is SimulatedError)
    #expect(service.calls == [.quotes])
  }

  @Test func failNext_failsOneSubscription_thenTheFeedFlows() async {
    let service = MockQuoteService()
    service.failNext(1, of: .quotes, with: CancellationError())
    #expect(await Self.consume(service.quotes()).error is CancellationError)
    let consumer = Task { await Self.consume(service.quotes()) }
    await service.feed.waitForSubscribers()
    service.feed.send(4)
    service.feed.finish()
    #expect(await consumer.value.values == [4])
    #expect(service.calls == [.quotes, .quotes])
  }

  @Test func heldStreamMethod_holdsTheFirstElementUntilReleased() async {
    let service = MockQuoteService()
    service.hold(.quotes)
    let consumer = Task { await Self.consume(service.quotes()) }
    #expect(await service.waitUntilHeld(.quotes))
    // Subscribed already: a value sent while held is not lost.
    service.feed.send(9)
    service.fail(.quotes, with: QuoteError.disconnected)
    service.release(.quotes)
    let (values, error) = await consumer.value
    #expect(values.isEmpty)
    #expect(error as? QuoteError == .disconnected)
    _ = service.calls.count
  }

  @Test func heldStreamMethodReleasedIntoAFailure_endsItsSubscription() async {
    let service = MockQuoteService()
    service.hold(.quotes)
    // Kept, as a consumer that stores its stream does.
    let stream = service.quotes()
    service.fail(.quotes, with: QuoteError.disconnected)
    let first = Task {
      var iterator = stream.makeAsyncIterator()
      do {
        _ = try await iterator.next()
        return (threw: false, afterwards: Int?.none)
      } catch {
        service.feed.send(1)
        return (threw: true, afterwards: try? await iterator.next())
      }
    }
    await service.waitUntilHeld(.quotes)
    service.release(.quotes)
    let (threw, afterwards) = await first.value
    #expect(threw)
    #expect(service.feed.subscriberCount == 0)
    #expect(afterwards == nil)
    _ = service.calls.count
  }

  // MARK: A fake of one's own

  @Test func fakeThatMarksItsWait_settles() async {
    let repository = FakeNotesRepository(marksItsWaits: true)
    let sut = NotesInteractor(repository: repository)
    await sut.activate()
    #expect(await settle(sut))
    await repository.answer(["milk"])
    #expect(await settle(sut))
    #expect(await sut.notes == ["milk"])
    await sut.deactivate()
  }

  @Test func fakeThatDoesNotMarkItsWait_timesOut() async {
    let repository = FakeNotesRepository(marksItsWaits: false)
    let sut = NotesInteractor(repository: repository)
    await sut.activate()
    var settled = true
    let issues = await withIssueCollector {
      // Must time out: nothing tells settling that the fetch waits on the test.
      settled = await settle(sut, timeout: .milliseconds(200))
    }
    #expect(!settled)
    #expect(issues.first?.message.contains("mark a fake's wait with WaitingOnTest") == true)
    await repository.answer([])
    await sut.deactivate()
  }
}
