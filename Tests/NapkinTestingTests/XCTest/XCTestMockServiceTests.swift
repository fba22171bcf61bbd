import NapkinTesting
import XCTest

final class XCTestMockServiceTests: XCTestCase {
  func testFailingMethods_failsOnlyThatMethod() async throws {
    let service = MockLibraryService()
    service.failingMethods = [.fetchRecentlyPlayed]
    do {
      _ = try await service.fetchRecentlyPlayed(page: 0)
      XCTFail("fetchRecentlyPlayed should have thrown")
    } catch {
      XCTAssertEqual(error as? SimulatedError, SimulatedError())
    }
    let artists = try await service.fetchLibraryArtists()
    XCTAssertEqual(artists, ["Smokey Joe"])
    XCTAssertEqual(service.calls.all, [.fetchRecentlyPlayed, .fetchLibraryArtists])
  }

  func testFailNext_pageTwoFails() async throws {
    let service = MockLibraryService()
    _ = try await service.fetchRecentlyPlayed(page: 1)
    service.failNext(of: .fetchRecentlyPlayed)
    let page2 = try? await service.fetchRecentlyPlayed(page: 2)
    XCTAssertNil(page2)
    _ = try await service.fetchRecentlyPlayed(page: 3)
    XCTAssertEqual(service.calls.count(of: .fetchRecentlyPlayed), 3)
  }

  func testHeldLogin_releasedThenCancelled() async throws {
    let auth = MockAuthService()
    auth.loginResult.value = User(name: "Ada")
    auth.hold(.login)
    let first = Task { try await auth.login() }
    let held = await auth.waitUntilHeld(.login, timeout: .seconds(10))
    XCTAssertTrue(held)
    auth.release(.login)
    let user = try await first.value
    XCTAssertEqual(user, User(name: "Ada"))

    auth.hold(.login)
    let second = Task { try await auth.login() }
    await auth.waitUntilHeld(.login, count: 2, timeout: .seconds(10))
    second.cancel()
    do {
      _ = try await second.value
      XCTFail("a cancelled held call should throw")
    } catch {
      XCTAssertTrue(error is CancellationError)
    }
  }

  func testPagination_secondPageFails() async {
    let service = MockLibraryService()
    let viewModel = await RecentlyPlayedViewModel(service: service)
    await viewModel.load()
    service.failingMethods = [.fetchRecentlyPlayed]
    await viewModel.loadMore()
    let state = await viewModel.state
    let hasMore = await viewModel.hasMore
    XCTAssertEqual(state, .loaded)
    XCTAssertFalse(hasMore)
  }

  func testMisuse_isCollected() async {
    let auth = MockAuthService()
    let issues = await withIssueCollector {
      auth.release(.login)
      auth.failNext(0, of: .logout)
    }
    XCTAssertEqual(issues.count, 2)
  }
}
