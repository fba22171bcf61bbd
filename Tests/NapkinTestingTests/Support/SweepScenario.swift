import NapkinTesting

/// A wallet service with three methods the sweep answers; `refund` is never called.
nonisolated enum WalletMethod: Hashable, Sendable, CaseIterable {
  case balance, history, refund
}

/// The wallet's mock: every method can be held and failed.
final class MockWallet: MockService {
  let mock = MockServiceCore<WalletMethod>("MockWallet")

  func balance() async throws -> Int {
    try await throwIfFailing(.balance)
    return 12
  }

  func history() async throws -> [Int] {
    try await throwIfFailing(.history)
    return [3, 9]
  }

  func refund() async throws {
    try await throwIfFailing(.refund)
  }
}

/// A wallet screen: loads the balance, then the history; shows a failure for either.
final actor WalletInteractor: Interactable {
  nonisolated let lifecycle = InteractorLifecycle()
  let wallet: MockWallet
  private(set) var shown: [String] = []

  init(wallet: MockWallet) { self.wallet = wallet }

  func load() async {
    do {
      let balance = try await wallet.balance()
      let history = try await wallet.history()
      shown.append("\(balance) over \(history.count)")
    } catch is CancellationError {
      // Nothing shows.
    } catch {
      shown.append("failed")
    }
  }
}

/// The sweep of one load, shared by the Swift Testing and XCTest suites.
enum SweepScenario {
  static let answers: [ExploredAnswer] = [.success, .failure(SimulatedError()), .cancellation]

  /// Explores one load with every call of the wallet answered with each of ``answers``.
  static func exploreOneLoad(holding: Bool) async -> ExplorationReport {
    await explore { scenario in
      let wallet = MockWallet()
      let sut = WalletInteractor(wallet: wallet)
      scenario.answers(wallet, with: answers, holding: holding)
      scenario.action("load", on: sut) { await sut.load() }
      scenario.expect("at most one outcome shown") {
        _ = wallet.calls.count
        return await sut.shown.count <= 1
      }
    }
  }
}
