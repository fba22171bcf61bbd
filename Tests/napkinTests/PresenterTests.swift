import Observation
import Testing
import napkin

/// A presenter subclass that tracks its own state, as SwiftUI code writes it.
@Observable
private final class ScorePresenter: Presenter<TestScreen> {
  var score = 0
}

/// A presenter subclass without the macro.
private final class PlainPresenter: Presenter<TestScreen> {}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PresenterTests {
  @Test func presenter_keepsItsViewController() {
    let screen = TestScreen()

    let presenter = PlainPresenter(viewController: screen)

    #expect(presenter.viewController === screen)
  }

  @Test func presenterSubclass_isObservable_asInNapkin2() {
    let presenter: Any = PlainPresenter(viewController: TestScreen())

    #expect(presenter is any Observable)
  }

  @Test func observableSubclass_reportsChangesToItsOwnState() {
    let presenter = ScorePresenter(viewController: TestScreen())
    let changes = Recorder<Int>()

    withObservationTracking {
      _ = presenter.score
    } onChange: {
      changes.record(1)
    }
    presenter.score = 3

    #expect(changes.count == 1)
    #expect(presenter.score == 3)
  }
}
