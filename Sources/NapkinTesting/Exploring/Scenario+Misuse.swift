import NapkinMutex

extension Scenario {
  /// Whether the scenario's run is still going; if it ended, reports the use `call` at the
  /// `explore` call (the test's line) and returns `false`.
  func isOpen(for call: String) -> Bool {
    guard state.withLock({ $0.isClosed }) else { return true }
    Reporter.report(
      "The scenario of the exploration at \(site.fileID):\(site.line) was used after its run "
        + "ended (\(call)), so nothing was registered or checked: a Scenario is valid only inside "
        + "explore's closure and the actions it starts; register everything there.",
      at: site)
    return false
  }

  /// Whether `answers` lists an answer; if not, keeps the mistake of `call`.
  func hasAnswers(_ answers: [ExploredAnswer], in call: String) -> Bool {
    guard answers.isEmpty else { return true }
    state.withLock {
      $0.misuses.append(
        "\(call) was given no answer to try ([]), so its calls could never be answered: pass at "
          + "least one, such as [.success], or leave out with: for success only.")
    }
    return false
  }

  /// Whether the calls of `method` of the mock or recorder `id` (every method when `nil`) are
  /// answered already; if so, keeps the mistake of `call`.
  func registers(_ id: ObjectIdentifier, method: String?, in call: String) -> Bool {
    state.withLock { state in
      let twice = state.services.contains { service in
        service.id == id
          && (method == nil || service.isSweep || service.methods?.contains(method!) != false)
      }
      if twice {
        state.misuses.append(
          "\(call) registers calls the scenario already answers, as an earlier answers(…) in the "
            + "closure does: register each method once, with every answer to try in one with: "
            + "list.")
      }
      return twice
    }
  }

  /// Ends the scenario's use: a registration from now on is reported.
  func close() {
    state.withLock { $0.isClosed = true }
  }

  /// What is wrong with what the closure registered, or with the tokens of `replay` against it;
  /// `nil` if nothing. Read once the closure returned, before any event is delivered.
  func misuse(replaying replay: [String]?) -> String? {
    let state = state.withLock { $0 }
    if !state.misuses.isEmpty { return state.misuses.joined(separator: "\n") }
    let events =
      state.actions.count + state.services.count + state.sends.count + state.clocks.count
      + state.endings.count
    if events == 0, state.invariants.isEmpty, state.expectations.isEmpty {
      return "The scenario registered no event and no check (action, answers, sends, advances, "
        + "invariant or expect), so there was nothing to order and nothing to verify: register "
        + "what the test controls and what must hold."
    }
    guard let replay else { return nil }
    return unknownTokens(in: replay, state)
  }

  /// Names the tokens of `replay` that no registered event can have; `nil` if each can.
  private func unknownTokens(in replay: [String], _ state: State) -> String? {
    var names = Set(state.actions.map(\.label))
    names.formUnion(state.sends.map(\.label) + state.endings.map(\.label))
    names.formUnion(state.clocks.map { Self.token($0.label) })
    for service in state.services {
      // A listener's, a router's or an unlisted sweep's calls can have any name.
      guard let methods = service.methods, !service.isSweep || !methods.isEmpty else { return nil }
      names.formUnion(methods)
    }
    let unknown = replay.filter { token in
      ExplorationMisuse.hasControlCharacters(token)
        || !Self.eventNames(of: token).contains(where: names.contains)
    }
    guard let first = unknown.first else { return nil }
    let known = names.sorted().prefix(ExplorationMisuse.quotedTokens).map { "`\($0)`" }
    return "explore(replay:) names `\(ExplorationMisuse.escaped(first))`"
      + (unknown.count > 1 ? " (and \(unknown.count - 1) more)" : "")
      + ", which is no event of this scenario (it registers \(Listing.items(known))), so that "
      + "order cannot happen: replay the order string a failure of this scenario printed."
  }

  /// The names an event token can start with: `login` of `login#2✓`, `prices` of `prices←3`,
  /// `session` of `session→5s`, with or without a `Source:` prefix that tells two alike apart.
  private static func eventNames(of token: String) -> [String] {
    let unprefixed = token.lastIndex(of: ":").map { token[token.index(after: $0)...] }
    let names = [token[...], unprefixed].compactMap { token in
      token.map { String($0[..<($0.firstIndex { "#←→✓✗⊘∎".contains($0) } ?? $0.endIndex)]) }
    }
    // A hop is named after its action and a number: `refresh.1`, `add#1.2`.
    guard let dot = token.lastIndex(of: "."), dot != token.startIndex else { return names }
    let number = token[token.index(after: dot)...]
    guard !number.isEmpty, number.allSatisfy(\.isNumber) else { return names }
    return names + eventNames(of: String(token[..<dot]))
  }
}
