import NapkinTesting
import XCTest

@testable import MocksFixture

/// The generated mock of a service whose feeds can fail, from an XCTest test case.
final class ThrowingStreamMockXCTests: XCTestCase {
  func testStreamMethod_throwsTheFeedsError_andFailsAtOnceWhenInjected() async {
    let tracking = MockOrderTracking()
    let consumer = Task { () -> (values: [Order], error: (any Error)?) in
      var values: [Order] = []
      do {
        for try await order in tracking.placedOrders() { values.append(order) }
        return (values, nil)
      } catch {
        return (values, error)
      }
    }
    await tracking.placedOrdersFeed.waitForSubscribers()
    tracking.placedOrdersFeed.send(Order(number: 1))
    tracking.placedOrdersFeed.fail(with: LoadError.offline)
    let seen = await consumer.value
    XCTAssertEqual(seen.values, [Order(number: 1)])
    XCTAssertEqual(seen.error as? LoadError, .offline)

    tracking.failingMethods = [.placedOrders]
    var iterator = tracking.placedOrders().makeAsyncIterator()
    do {
      _ = try await iterator.next()
      XCTFail("the stream did not throw")
    } catch {
      XCTAssertTrue(error is SimulatedError, "\(error)")
    }
    XCTAssertEqual(tracking.calls.all, [.placedOrders, .placedOrders])
  }
}
