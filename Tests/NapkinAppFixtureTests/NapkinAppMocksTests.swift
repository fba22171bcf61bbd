import NapkinTesting
import Testing
import napkin

@testable import NapkinAppFixture

/// The mocks of a module written as a napkin 2.x app, used as its router and builder tests use
/// them. The same file, and the generated mocks, are compiled in NapkinAppFixtureMainActorTests
/// with the main actor as default isolation.
@Suite(.napkinChecks(strict: true))
struct NapkinAppMocksTests {
  @Test @MainActor func builder_returnsTheRouterTheTestGives_andRecordsItsListener() {
    let router = MockLoggedInRouting()
    let builder = MockLoggedInBuildable(buildResult: Stub(router))
    let listener = MockLoggedInListener()
    let built = builder.build(withListener: listener, user: User(name: "Smokey"))
    #expect(built === router)
    #expect(builder.calls == [.build])
    #expect(
      builder.arguments == [.build(withListener: .init(listener), user: User(name: "Smokey"))])
    let root = MockRootBuildable(buildResult: Stub(MockRootRouting()))
    #expect(root.build() is MockRootRouting)
    #expect(root.calls == [.build])
  }

  @Test func dependency_isOneInitializerCall() {
    let auth = MockAuthServicing(observeResult: Stub(1))
    let profiles = MockProfileStoring(valueHandler: { _, _ in "" })
    let dependency = MockLoggedInDependency(authService: auth, profileStore: profiles)
    #expect(dependency.authService as? MockAuthServicing === auth)
    #expect(dependency.profileStore as? MockProfileStoring === profiles)
    let root = MockRootDependency(authService: auth, appName: "Rib House")
    #expect(root.appName == "Rib House")
  }

  @Test @MainActor func viewControllable_recordsTheViewsItEmbedsByIdentity() {
    let root = MockRootViewControllable()
    let child = MockLoggedInViewControllable()
    root.embed(child)
    root.dismiss(child)
    #expect(root.calls == [.embed, .dismiss])
    #expect(root.arguments == [.embed(.init(child)), .dismiss(.init(child))])
    #expect(
      root.arguments != [.embed(.init(MockLoggedInViewControllable())), .dismiss(.init(child))])
  }

  @Test func service_keepsTheObserverForTheTestToCall_andFeedsTheUserStream() async throws {
    let auth = MockAuthServicing(
      userStreamFeed: MockStream(replaying: nil), observeResult: Stub(7))
    let seen = AsyncStream<User?>.makeStream()
    #expect(auth.observe { seen.continuation.yield($0) } == 7)
    auth.arguments.last?.observeOnChange?(User(name: "Smokey"))
    var users = seen.stream.makeAsyncIterator()
    #expect(await users.next() == User(name: "Smokey"))
    var stream = auth.userStream().makeAsyncIterator()
    #expect(await stream.next() == .some(nil))
    auth.loginResult.value = User(name: "Smokey")
    #expect(try await auth.login(name: "Smokey") == User(name: "Smokey"))
    #expect(auth.calls == [.observe, .userStream, .login])
    #expect(auth.arguments == [.observe(.any), .login(name: "Smokey")])
  }

  @Test func typedThrowingGenericStore_failsWithItsErrorType_andReturnsTheRequestedType()
    async throws
  {
    let profiles = MockProfileStoring(valueHandler: { key, type in
      type == Int.self ? key.count as Any : key
    })
    let volume: Int = try await profiles.value(for: "volume")
    #expect(volume == 6)
    profiles.failNext(1, of: .set, with: ProfileError.missing)
    await #expect(throws: ProfileError.missing) { try await profiles.set(3, for: "volume") }
    #expect(profiles.calls == [.value, .set])
    #expect(profiles.arguments == [.value(for: "volume"), .set(.init(3), for: "volume")])
  }

  @Test @MainActor func presenter_holdsItsListenerWeakly() async {
    let presenter = MockLoggedOutPresentable()
    let listener = MockLoggedOutPresentableListener()
    presenter.listener = listener
    await presenter.listener?.login(name: "Smokey")
    presenter.showError("Wrong password")
    #expect(listener.calls == [.login(name: "Smokey")])
    #expect(presenter.calls == [.showError("Wrong password")])
  }
}
