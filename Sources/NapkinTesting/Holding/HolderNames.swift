/// How a ``Holder``'s messages name its calls: a service's by method (`release(login)`), a
/// recorder's by its label (`release()` on `MockCheckoutListener`).
///
/// Isolation: `Sendable` value.
struct HolderNames: Sendable {
  let label: String
  /// Whether the holder holds a service's calls, by method; else a recorder's, all together.
  let isService: Bool

  /// What a message says the calls are of: the method, or the recorder.
  private func subject(_ key: MethodKey?) -> String {
    isService ? key.map { "\($0)" } ?? label : label
  }

  /// The method as a call's argument (`login`), or nothing for a recorder.
  private func argument(_ key: MethodKey?) -> String {
    isService ? key.map { "\($0)" } ?? "" : ""
  }

  private static func calls(_ count: Int) -> String { "call\(count == 1 ? "" : "s")" }

  /// A held call whose hold's timeout passed.
  func expired(_ name: String, key: MethodKey?, after timeout: Duration) -> String {
    "A held call \(isService ? "of \(name)" : "\(name) of \(label)") was neither released nor "
      + "cancelled within \(timeout); it was released so the test can end. Call "
      + "release(\(argument(key))) once the test has checked the in-flight state."
  }

  /// A release that found nothing held; `unheld` calls ran without being held.
  func noneHeld(_ key: MethodKey?, wasHolding: Bool, unheld: Int) -> String {
    let subject = subject(key)
    let argument = argument(key)
    let why =
      !wasHolding
      ? "; call hold(\(argument)) first."
      : !isService && unheld > 0
        ? " (it was set to hold, and \(unheld) \(Self.calls(unheld)) ran without being held: "
          + Self.unheldCauses + ")."
        : " (it was set to hold, and no call arrived yet)."
    return "release(\(argument)): no call of \(subject) is held right now" + why
  }

  /// A release of a call number that is not held; `held` are the calls held now.
  func notHeld(_ ordinal: Int, of key: MethodKey?, held: [HolderState.Held]) -> String {
    let subject = subject(key)
    let argument = isService ? argument(key) + ", " : ""
    let now =
      held.isEmpty
      ? "no call of \(subject) is held right now"
      : isService
        ? "the calls of \(subject) held right now are "
          + Listing.items(held.map { "#\($0.ordinal)" })
        : "the calls held right now are " + Listing.items(held.map { "\($0.name)#\($0.ordinal)" })
    return "release(\(argument)call: \(ordinal)): call #\(ordinal) of \(subject) is not held "
      + "(\(now)); calls are numbered from 1, in the order they were held"
      + (isService ? "." : ", across all its methods.")
  }

  /// A `waitUntilHeld` with a count below 1 or a negative timeout.
  func badWait(_ key: MethodKey?, count: Int, timeout: Duration) -> String {
    let argument = argument(key)
    guard count >= 1 else {
      return "waitUntilHeld(\(argument.isEmpty ? "" : argument + ", ")count: \(count)): count "
        + "must be at least 1."
    }
    return "waitUntilHeld(\(argument)): the timeout \(timeout) must not be negative."
  }

  /// A `waitUntilHeld` that timed out, with what happened instead.
  func timedOut(
    _ key: MethodKey?, count: Int, timeout: Duration, held: Int, isHolding: Bool, recorded: Int
  ) -> String {
    let subject = subject(key)
    let unheld = recorded - held
    var message =
      "Timed out after \(timeout) waiting for \(count) held \(Self.calls(count)) of \(subject); "
      + "\(held) held so far."
    if isService {
      if unheld > 0 {
        message +=
          " \(unheld) \(Self.calls(unheld)) of \(subject) ran without being held: "
          + (isHolding
            ? "hold(\(subject)) came too late, after \(unheld == 1 ? "it" : "they") had started. "
              + "Call hold before the code under test calls \(subject)."
            : "\(subject) is not held; call hold(\(subject)) before the code under test calls it.")
      } else {
        message +=
          isHolding
          ? " No call of \(subject) arrived."
          : " \(subject) is not held; call hold(\(subject)) first."
      }
    } else if !isHolding {
      message += " \(label) is not holding calls; call hold() before the code under test calls it."
    } else {
      message +=
        unheld > 0
        ? " \(unheld) \(Self.calls(unheld)) ran without being held: \(Self.unheldCauses)."
        : " No call arrived."
    }
    return message
  }

  /// Why a recorder's call ran without being held.
  private static let unheldCauses =
    "made before hold(), by a synchronous method (record cannot hold; use recordCall in an async "
    + "method), or not matched by the hold's predicate"

  /// Calls of `key` still held when the test's checks ended.
  func stillHeld(_ key: MethodKey?, _ calls: [HolderState.Held]) -> String {
    var callers: [String] = []
    for name in calls.compactMap(\.callerName) where !callers.contains(name) {
      callers.append(name)
    }
    let madeBy = callers.isEmpty ? "" : " (made by \(Listing.items(callers)))"
    let count = calls.count
    let what =
      isService
      ? "\(count) call\(count == 1 ? " of \(subject(key)) was" : "s of \(subject(key)) were")"
      : "\(count == 1 ? "A call" : "\(count) calls") of \(label) ("
        + Listing.items(calls.map { "\($0.name)#\($0.ordinal)" })
        + ") \(count == 1 ? "was" : "were")"
    return what + " still held when the test ended\(madeBy), so the test never checked what "
      + "happens once \(count == 1 ? "it returns" : "they return"). Call release(\(argument(key))) "
      + "before the test ends; in an exploration, make its caller an action, or a bound task of an "
      + "interactor activated in the scenario or watched, so the explorer answers it."
  }
}
