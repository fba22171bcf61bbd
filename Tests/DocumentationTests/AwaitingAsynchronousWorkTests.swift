// The code of Docs/NapkinTesting.docc/AwaitingAsynchronousWork.md: waiting for work an
// interactor does in bound tasks, without sleeping, and a fake of one's own that settling sees.

import NapkinTesting
import Testing

// MARK: - The napkin under test (the view model of "Writing Unit Tests for a ViewModel")

nonisolated struct Profile: Equatable, Sendable {
  var id: Int
  var name: String
  var email: String
}

protocol AuthManaging: Sendable {
  func signIn() async throws -> Profile
  func signOut() async
}

protocol SessionManaging: Sendable {
  func saveUser(_ profile: Profile) async
  func loadUser() async -> Profile?
  func clearUser() async
}

@MainActor
protocol AccountNapkinPresentable: Presentable {
  func presentSignedIn(_ profile: Profile)
  func presentSignedOut()
  func presentSignInFailed()
}

final actor AccountNapkinInteractor: PresentableInteractable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let presenter: any AccountNapkinPresentable
  private let auth: any AuthManaging
  private let session: any SessionManaging

  init(
    presenter: any AccountNapkinPresentable, auth: any AuthManaging,
    session: any SessionManaging
  ) {
    self.presenter = presenter
    self.auth = auth
    self.session = session
  }

  func didBecomeActive() async {
    task {
      if let profile = await self.session.loadUser() {
        await self.presenter.presentSignedIn(profile)
      } else {
        await self.presenter.presentSignedOut()
      }
    }
  }

  func didTapSignIn() {
    task {
      do {
        let profile = try await self.auth.signIn()
        await self.session.saveUser(profile)
        await self.presenter.presentSignedIn(profile)
      } catch {
        await self.presenter.presentSignInFailed()
      }
    }
  }

  func didTapSignOut() {
    task {
      await self.auth.signOut()
      await self.session.clearUser()
      await self.presenter.presentSignedOut()
    }
  }
}

// MARK: - Mocks

nonisolated enum AuthManagerMethod: Hashable, Sendable {
  case signIn, signOut
}

final class MockAuthManager: AuthManaging, MockService {
  let mock = MockServiceCore<AuthManagerMethod>("MockAuthManager")
  let signInResult = Stub<Profile>(label: "signInResult")

  func signIn() async throws -> Profile {
    try await throwIfFailing(.signIn)
    return try signInResult.get()
  }

  func signOut() async { await recordCall(.signOut) }  // cannot throw: recorded, can be held
}

nonisolated enum SessionCall: Equatable, Sendable {
  case saveUser(Profile)
  case loadUser
  case clearUser
}

final class MockSessionManager: SessionManaging, RecordingListener {
  let calls = CallRecorder<SessionCall>("MockSessionManager")
  let storedUser = Stub<Profile>(label: "storedUser")

  func saveUser(_ profile: Profile) async {
    record(.saveUser(profile))
    storedUser.value = profile
  }

  func loadUser() async -> Profile? {
    record(.loadUser)
    return storedUser.value
  }

  func clearUser() async {
    record(.clearUser)
    storedUser.value = nil
  }
}

nonisolated enum AccountPresenterCall: Equatable, Sendable {
  case presentSignedIn(Profile)
  case presentSignedOut
  case presentSignInFailed
}

final class MockAccountPresenter: RecordingPresenter<AccountPresenterCall>,
  AccountNapkinPresentable
{
  func presentSignedIn(_ profile: Profile) { record(.presentSignedIn(profile)) }
  func presentSignedOut() { record(.presentSignedOut) }
  func presentSignInFailed() { record(.presentSignInFailed) }
}

// MARK: - Tests

@Suite(.napkinChecks(strict: true))
struct AccountNapkinInteractorTests {
  let john = Profile(id: 123, name: "John Doe", email: "john@example.com")
  let auth = MockAuthManager()
  let session = MockSessionManager()
  let presenter = MockAccountPresenter()

  func makeSUT() -> AccountNapkinInteractor {
    AccountNapkinInteractor(presenter: presenter, auth: auth, session: session)
  }

  @Test func signIn_savesAndPresentsTheProfile() async {
    auth.signInResult.value = john
    let sut = makeSUT()
    await sut.activate()
    await presenter.calls.waitForCall(.presentSignedOut)
    await settle(sut)

    await sut.didTapSignIn()

    await presenter.calls.waitForCall(.presentSignedIn(john))
    #expect(presenter.calls == [.presentSignedOut, .presentSignedIn(john)])
    #expect(session.calls == [.loadUser, .saveUser(john)])
    #expect(auth.calls == [.signIn])
  }

  @Test func signedInUser_isPresentedOnActivation() async {
    session.storedUser.value = john
    let sut = makeSUT()

    await sut.activate()

    await presenter.calls.waitForCalls(count: 1)
    #expect(presenter.calls == [.presentSignedIn(john)])
    #expect(session.calls == [.loadUser])
  }

  @Test func signInFailure_presentsTheFailure() async {
    auth.failingMethods = [.signIn]
    let sut = makeSUT()
    await sut.activate()
    await presenter.calls.waitForCall(.presentSignedOut)
    await settle(sut)

    await sut.didTapSignIn()

    await presenter.calls.waitForCall { $0 != .presentSignedOut }
    #expect(presenter.calls == [.presentSignedOut, .presentSignInFailed])
    #expect(session.calls == [.loadUser])
    #expect(auth.calls == [.signIn])
  }

  @Test func signOut_clearsTheSessionThenPresentsSignedOut() async {
    session.storedUser.value = john
    let sut = makeSUT()
    await sut.activate()
    await presenter.calls.waitForCall(.presentSignedIn(john))
    await settle(sut)

    await sut.didTapSignOut()

    await presenter.calls.waitForCall(.presentSignedOut)
    #expect(presenter.calls == [.presentSignedIn(john), .presentSignedOut])
    #expect(session.calls == [.loadUser, .clearUser])
    #expect(auth.calls == [.signOut])
  }

  @Test func aCallThatNeverComes_failsWithTheCallsThatDid() async {
    auth.failingMethods = [.signIn]
    let sut = makeSUT()
    await sut.activate()
    await presenter.calls.waitForCall(.presentSignedOut)
    await settle(sut)
    await sut.didTapSignIn()
    await presenter.calls.waitForCall(.presentSignInFailed)

    let issues = await withIssueCollector {
      await presenter.calls.waitForCall(.presentSignedIn(john), timeout: .milliseconds(50))
    }

    #expect(
      issues.map(\.message) == [
        "Timed out after 0.05 seconds waiting for presentSignedIn(\(testModule).Profile("
          + "id: 123, name: \"John Doe\", email: \"john@example.com\")) on MockAccountPresenter; "
          + "2 recorded: [presentSignedOut, presentSignInFailed]."
      ])
    #expect(auth.calls.count == 1)
    #expect(session.calls == [.loadUser])
  }
}

// MARK: - A view model that starts its own task

@MainActor
final class AccountViewModel {
  private(set) var profile: Profile?
  private(set) var signInTask: Task<Void, Never>?
  private let auth: any AuthManaging

  init(auth: any AuthManaging) {
    self.auth = auth
  }

  func signInTapped() {
    signInTask = Task { await signIn() }
  }

  func signIn() async {
    profile = try? await auth.signIn()
  }
}

@MainActor
@Suite(.napkinChecks(strict: true))
struct AccountViewModelTests {
  @Test func signInTapped_setsTheProfile() async {
    let auth = MockAuthManager()
    auth.signInResult.value = Profile(id: 1, name: "Ada", email: "ada@example.com")
    let viewModel = AccountViewModel(auth: auth)

    viewModel.signInTapped()
    await viewModel.signInTask?.value

    #expect(viewModel.profile?.name == "Ada")
    #expect(auth.calls == [.signIn])
  }
}

// MARK: - Driving a napkin fed by a stream

nonisolated protocol ScoreService: Sendable {
  var scores: AsyncStream<Int> { get }
}

final class MockScoreService: ScoreService {
  let feed = MockStream<Int>(label: "scores")
  var scores: AsyncStream<Int> { feed.stream() }
}

final actor ScoreboardInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let service: any ScoreService
  private let shown: CallRecorder<Int>

  init(service: any ScoreService, shown: CallRecorder<Int>) {
    self.service = service
    self.shown = shown
  }

  func didBecomeActive() async {
    let scores = service.scores
    task { [shown] in
      for await score in scores { shown.record(score) }
    }
  }
}

@Suite(.napkinChecks(strict: true))
struct ScoreboardInteractorTests {
  @Test func scores_areShownWhileActive_andTheSubscriptionEndsOnDeactivation() async {
    let service = MockScoreService()
    let shown = CallRecorder<Int>("shown")
    let sut = ScoreboardInteractor(service: service, shown: shown)
    await sut.activate()

    await service.feed.waitForSubscribers()
    service.feed.send(3)
    service.feed.send(7)
    await shown.waitForCalls(count: 2)
    await settle(sut)
    await sut.deactivate()
    await expectBoundTasksCancelled(sut)

    #expect(shown == [3, 7])
    #expect(service.feed.subscriberCount == 0)
  }
}

// MARK: - Structured children: the parallel fetch

nonisolated protocol DashboardService: Sendable {
  func profile() async throws -> String
  func orders() async throws -> Int
}

nonisolated enum DashboardMethod: Hashable, Sendable {
  case profile, orders
}

final class MockDashboardService: DashboardService, MockService {
  let mock = MockServiceCore<DashboardMethod>("MockDashboardService")

  func profile() async throws -> String {
    try await throwIfFailing(.profile)
    return "Ada"
  }

  func orders() async throws -> Int {
    try await throwIfFailing(.orders)
    return 3
  }
}

final actor DashboardInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  nonisolated let shown: CallRecorder<String>
  private let service: any DashboardService

  init(service: any DashboardService, shown: CallRecorder<String>) {
    self.service = service
    self.shown = shown
  }

  func didBecomeActive() async {
    task {
      async let profile = self.service.profile()
      async let orders = self.service.orders()
      let name = (try? await profile) ?? "?"
      let count = (try? await orders) ?? -1
      self.shown.record("\(name): \(count)")
    }
  }
}

@Suite(.napkinChecks(strict: true))
struct DashboardInteractorTests {
  @Test(arguments: [DashboardMethod.profile, .orders])
  func parallelFetch_showsBothAnswers_whicheverArrivesFirst(first: DashboardMethod) async {
    let service = MockDashboardService()
    let shown = CallRecorder<String>("shown")
    service.hold(.profile)
    service.hold(.orders)
    let sut = DashboardInteractor(service: service, shown: shown)
    await sut.activate()
    await service.waitUntilHeld(.profile)
    await service.waitUntilHeld(.orders)
    await settle(sut)  // both children wait on held calls: the tree is parked

    service.release(first)
    await settle(sut)
    #expect(shown == [])  // one answer is not enough

    service.release(first == .profile ? .orders : .profile)
    await settle(sut)
    #expect(shown == ["Ada: 3"])
    #expect(service.calls.count == 2)
    await sut.deactivate()
  }
}

// MARK: - A fake of your own

nonisolated struct Note: Equatable, Sendable {
  var text: String
}

nonisolated protocol NotesRepository: Sendable {
  func fetchNotes() async -> [Note]
}

actor InMemoryNotesRepository: NotesRepository {
  private var waiting: [(CheckedContinuation<[Note], Never>, WaitingOnTest)] = []

  func fetchNotes() async -> [Note] {
    await withCheckedContinuation {
      waiting.append(($0, WaitingOnTest("fetchNotes on InMemoryNotesRepository")))
    }
  }

  /// Called by the test: answers every waiting fetch.
  func answer(_ notes: [Note]) {
    for (continuation, wait) in waiting {
      wait.resume()
      continuation.resume(returning: notes)
    }
    waiting = []
  }
}

final actor NotesInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  private let repository: any NotesRepository
  private(set) var notes: [Note] = []

  init(repository: any NotesRepository) {
    self.repository = repository
  }

  func didBecomeActive() async {
    task { self.notes = await self.repository.fetchNotes() }
  }
}

@Suite(.napkinChecks(strict: true))
struct NotesInteractorTests {
  @Test func notes_showOnceTheRepositoryAnswers() async {
    let repository = InMemoryNotesRepository()
    let sut = NotesInteractor(repository: repository)
    await sut.activate()
    await settle(sut)  // the fetch waits on the repository, which told settling so
    #expect(await sut.notes == [])

    await repository.answer([Note(text: "Buy milk")])
    await settle(sut)

    #expect(await sut.notes == [Note(text: "Buy milk")])
  }

  /// Not in the article: the same fake without `WaitingOnTest` leaves settle waiting on work it
  /// cannot see, so settle times out and names the bound task busy.
  @Test func aFakeThatDoesNotSayItWaits_makesSettleTimeOut() async {
    let repository = UnmarkedNotesRepository()
    let sut = NotesInteractor(repository: repository)
    await sut.activate()

    let issues = await withIssueCollector {
      await settle(sut, timeout: .milliseconds(200))
    }

    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix(
        "settle(NotesInteractor) timed out after 0.2 seconds: 1 bound task is still busy.")
        == true, "\(issues)")
    await repository.answer([])
    await settle(sut)
    #expect(await sut.notes == [])
  }
}

/// Not in the article: ``InMemoryNotesRepository`` without `WaitingOnTest`. A fetch made after
/// the answer returns it at once, so the test cannot answer before the fetch waits.
actor UnmarkedNotesRepository: NotesRepository {
  private var waiting: [CheckedContinuation<[Note], Never>] = []
  private var answered: [Note]?

  func fetchNotes() async -> [Note] {
    if let answered { return answered }
    return await withCheckedContinuation { waiting.append($0) }
  }

  func answer(_ notes: [Note]) {
    answered = notes
    for continuation in waiting { continuation.resume(returning: notes) }
    waiting = []
  }
}
