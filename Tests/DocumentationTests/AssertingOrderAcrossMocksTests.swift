import NapkinTesting
import RibHouse
import Testing

@Suite(.napkinChecks(strict: true))
struct LoginOrderTests {
  let smokey = User(name: "Smokey Joe", barbecueFoods: ["Brisket", "Ribs"])
  let auth = MockAuthService()
  let router = MockLaunchRouter()

  @Test func login_callsTheServiceBeforeAttachingLoggedIn() async {
    auth.loginResult.value = smokey
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    await sut.activate()

    await sut.loggedOutDidTapLogin()
    await settle(sut)

    expectInOrder(auth.calls.event(.login), router.calls.event(.attachLoggedIn(smokey)))
    #expect(router.calls == [.attachLoggedOut, .attachLoggedIn(smokey)])
  }

  @Test func pages_loadedInParallel_arriveInAnyOrder() async {
    let pages = CallRecorder<Int>("pages")
    await withTaskGroup(of: Void.self) { group in
      for page in 1...3 { group.addTask { pages.record(page) } }
    }

    expectInAnyOrder(pages, [1, 2, 3])
  }

  @Test func aFailure_endsWithTheTestsLastEvents() async {
    let sut = LaunchNapkinInteractor(authService: auth)
    await sut.wire(router: router)
    await sut.activate()
    await settle(sut)

    await withKnownIssue {
      await auth.calls.waitForCall(.login, timeout: .milliseconds(10))
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasSuffix(
          "Last events of this test:\n  1. MockLaunchRouter attachLoggedOut")
      }
    }
    #expect(router.calls == [.attachLoggedOut])
  }
}
