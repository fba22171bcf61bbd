import NapkinTesting
import Testing

@Suite struct MockStreamTests {
  @Test func replayingStream_givesEachSubscriberTheLatestValueFirst() async {
    let users = MockStream<String?>(replaying: nil)
    var first = users.stream().makeAsyncIterator()
    #expect(await first.next() == .some(nil))

    users.send("Smokey Joe")
    var second = users.stream().makeAsyncIterator()

    #expect(await first.next() == "Smokey Joe")
    #expect(await second.next() == "Smokey Joe")
    #expect(users.latest == "Smokey Joe")
  }

  @Test func eventStream_givesOnlyValuesSentAfterSubscribing() async {
    let events = MockStream<Int>()
    events.send(1)
    var iterator = events.stream().makeAsyncIterator()
    events.send(2)
    events.send(3)

    #expect(await iterator.next() == 2)
    #expect(await iterator.next() == 3)
    #expect(events.latest == nil)
  }

  @Test func waitForSubscribers_returnsOnceAConsumerSubscribedOnAnotherTask() async {
    let events = MockStream<Int>()
    let consumer = Task {
      var received: [Int] = []
      for await value in events.stream() {
        received.append(value)
        if received.count == 2 { break }
      }
      return received
    }

    #expect(await events.waitForSubscribers(timeout: .seconds(10)))
    events.send(7)
    events.send(8)

    #expect(await consumer.value == [7, 8])
  }

  @Test func subscriberCount_dropsWhenTheConsumerStops() async {
    let events = MockStream<Int>()
    let consumer = Task {
      for await _ in events.stream() {}
    }
    await events.waitForSubscribers()
    #expect(events.subscriberCount == 1)

    consumer.cancel()
    await consumer.value

    #expect(events.subscriberCount == 0)
  }

  @Test func finish_endsEverySubscription_andLaterSendsAreDropped() async {
    let board = MockStream(replaying: 0)
    let consumer = Task {
      var received: [Int] = []
      for await value in board.stream() { received.append(value) }
      return received
    }
    await board.waitForSubscribers()
    board.send(1)
    board.finish()
    board.send(2)

    #expect(await consumer.value == [0, 1])
    #expect(board.subscriberCount == 0)
  }

  @Test func waitForSubscribers_timeout_reportsAndReturnsFalse() async {
    let events = MockStream<Int>(label: "lastCalls")
    var subscribed = true
    let issues = await withIssueCollector {
      subscribed = await events.waitForSubscribers(timeout: .milliseconds(10))
    }
    #expect(!subscribed)
    #expect(issues.count == 1)
    #expect(
      issues.first?.message
        == "Timed out after 0.01 seconds waiting for 1 subscriber of lastCalls; 0 subscriptions "
        + "were made. Subscribe (start the code that iterates stream()) before sending.")
  }

  @Test func sendAfterFinish_failsAStrictTest_atItsEnd() async {
    let line: UInt = #line + 2
    let issues = await withIssueCollector {
      await withNapkinChecks(strict: true) {
        let prices = MockStream<Int>(label: "prices")
        prices.finish()
        prices.send(2)
        prices.send(3)
      }
    }
    #expect(
      issues.map(\.message) == [
        "prices was sent 2 values after finish() (2, 3), which no subscriber got: send before "
          + "finishing, or leave the send out."
      ])
    #expect(issues.first?.site.line == line)
  }

  @Test func sendAfterFinish_isDroppedQuietly_outsideStrictTests() async {
    let issues = await withIssueCollector {
      await withNapkinChecks {
        let prices = MockStream<Int>(label: "prices")
        prices.finish()
        prices.send(2)
      }
    }
    #expect(issues.isEmpty)
  }
}
