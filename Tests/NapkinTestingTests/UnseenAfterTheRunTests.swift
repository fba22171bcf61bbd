import NapkinMutex
import NapkinTesting
import Testing

/// A held call made by a detached task may arrive after the explorer judged the run over; the
/// failure still names it first, instead of blaming an unread mock.
@Suite struct UnseenAfterTheRunTests {
  @Test func detachedCallHeldAfterTheRunEnded_isNamedInTheFailure() async {
    let wallets = Mutex<[MockWallet]>([])
    let issues = await withIssueCollector {
      await explore { scenario in
        let wallet = MockWallet()
        wallets.withLock { $0.append(wallet) }
        scenario.answers(wallet, with: [.success])
        scenario.action("load") {
          // Not awaited: the run can end before the call arrives, or after it was held.
          Task.detached { _ = try? await wallet.balance() }
        }
        scenario.expect("nothing to check") { true }
      }
    }
    // Ends the detached call, wherever it is, so nothing outlives the test.
    for wallet in wallets.withLock({ $0 }) {
      await wallet.waitUntilHeld(.balance)
      if wallet.heldCount(of: .balance) > 0 { wallet.release(.balance, call: 1) }
    }
    // The run either saw the held call (and fails, naming it) or ended before it (and fails,
    // naming it): never with a bare strict-check message.
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("This run reached work settling cannot see"), "\(message)")
    #expect(
      message.contains("`balance#1` was called from a task settling cannot see"), "\(message)")
  }
}
