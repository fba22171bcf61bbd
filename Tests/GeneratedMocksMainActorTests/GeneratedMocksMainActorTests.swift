import NapkinTesting
import RibHouse
import Testing

/// The example's generated mocks, compiled with the main actor as default isolation, as an app's
/// test target may be: every shape (router, presenter, listener, service) must compile and work
/// under either default.
@Suite struct GeneratedMocksMainActorTests {
  @Test func everyShape_recordsUnderMainActorDefaultIsolation() async throws {
    let router = MockLaunchNapkinRouting()
    await router.attachLoggedIn(user: User(name: "Ada", barbecueFoods: []))
    #expect(router.calls == [.attachLoggedIn(user: User(name: "Ada", barbecueFoods: []))])

    let presenter = MockPitBoardNapkinPresentable()
    presenter.presentSpecialsFailure(message: "Closed")
    #expect(presenter.calls == [.presentSpecialsFailure(message: "Closed")])

    let listener = MockLoggedInNapkinListener()
    await listener.loggedInDidTapLogout()
    #expect(listener.calls == [.loggedInDidTapLogout])

    let specials = MockSpecialsServicing(todaysSpecialsResult: Stub(Special.todaysMenu))
    #expect(try await specials.todaysSpecials() == Special.todaysMenu)
    specials.failNext(1, of: .todaysSpecials)
    await #expect(throws: SimulatedError.self) { try await specials.todaysSpecials() }
    #expect(specials.calls == [.todaysSpecials, .todaysSpecials])
  }
}
