import NapkinMutex
import Testing

@testable import NapkinTesting

/// The holder behind every double: what it tells an exploration run of calls it will hold.
@Suite struct HolderTests {
  private final class Heard: Sendable {
    let calls = Mutex<[String]>([])
  }

  private static func holder(in heard: Heard) -> Holder {
    let watch = RunWatch(
      activated: { _ in }, slept: { _, _, _, _ in },
      unseenCall: { name, ordinal, caller in
        heard.calls.withLock { $0.append("\(name)#\(ordinal) from \(caller.prefix(6))") }
      })
    return RunWatch.$current.withValue(watch) {
      Holder(names: HolderNames(label: "listener", isService: false), owner: IssueOwner())
    }
  }

  @Test func aCallItWillHold_fromADetachedTask_isAnnouncedBeforeItIsRecorded() async {
    let heard = Heard()
    let holder = Self.holder(in: heard)
    holder.start(
      nil, timeout: nil, at: CallSite(fileID: "", filePathString: "", line: 0, column: 0),
      misuse: "")

    await Task.detached { holder.announceIfUnseen(nil, name: "didFinish") }.value

    #expect(heard.calls.withLock { $0 } == ["didFinish#1 from a task"])
  }

  @Test func nothingIsAnnounced_withoutAHold_orFromTheTestsOwnTaskOutsideAnyRun() async {
    let heard = Heard()
    let holder = Self.holder(in: heard)
    await Task.detached { holder.announceIfUnseen(nil, name: "didFinish") }.value
    #expect(heard.calls.withLock { $0 }.isEmpty)

    // Made outside any run: there is nobody to tell.
    let alone = Holder(names: HolderNames(label: "listener", isService: false), owner: IssueOwner())
    alone.start(
      nil, timeout: nil, at: CallSite(fileID: "", filePathString: "", line: 0, column: 0),
      misuse: "")
    await Task.detached { alone.announceIfUnseen(nil, name: "didFinish") }.value
    #expect(heard.calls.withLock { $0 }.isEmpty)
  }
}
