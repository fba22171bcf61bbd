import NapkinMutex

extension Scenario {
  /// A throwing stream whose end is an event: once it has a subscriber, each of its endings is
  /// a choice at every point until one is taken.
  struct Endings: Sendable {
    let label: String
    let endings: [ExploredEnding]
    let isSubscribed: @Sendable () -> Bool
    let end: @Sendable (ExploredEnding) -> Void
    var ended = false
  }

  /// Delivers `elements` on `stream` one at a time, in this order, each at a point the explorer
  /// chooses once the stream has a subscriber and has not ended: `quotes←101`.
  ///
  /// - Parameters:
  ///   - elements: What to send, in order.
  ///   - stream: The stream to send them on.
  public func sends<Element: Sendable>(
    _ elements: [Element], on stream: MockThrowingStream<Element>
  ) {
    guard isOpen(for: "sends(_:on: \(stream.label))") else { return }
    sends(elements, on: stream.feed, send: stream.send)
  }

  /// Makes the end of `stream` an event, tried with each of `endings` at every point once the
  /// stream has a subscriber: `quotes∎`, `quotes✗`, `quotes⊘`. The feed failing while a refresh is
  /// in flight, or before its last element, is then an order the explorer tries.
  ///
  /// ```swift
  /// scenario.sends([Quote(price: 101)], on: quotes.feed)
  /// scenario.ends(quotes.feed, with: [.finished, .failure(QuoteError.disconnected)])
  /// ```
  ///
  /// - Parameters:
  ///   - stream: The stream to end.
  ///   - endings: How to end it, each tried in turn; at least one.
  public func ends<Element: Sendable>(
    _ stream: MockThrowingStream<Element>, with endings: [ExploredEnding] = [.finished]
  ) {
    let call = "ends(\(stream.label), with:)"
    guard isOpen(for: call) else { return }
    guard !endings.isEmpty else {
      state.withLock {
        $0.misuses.append(
          "\(call) was given no ending to try ([]), so the stream could never end: pass at least "
            + "one, such as [.finished], or leave out with: to finish it.")
      }
      return
    }
    let feed = stream.feed
    let label = stream.label.hasPrefix("MockThrowingStream<") ? "stream" : Self.token(stream.label)
    let entry = Endings(
      label: label, endings: endings, isSubscribed: { feed.subscriberCount > 0 },
      end: { ending in
        switch ending {
        case .finished: feed.end(.finished)
        case .failure(let error): feed.end(.failed(error))
        case .cancellation: feed.end(.failed(CancellationError()))
        }
      })
    state.withLock { $0.endings.append(entry) }
  }

  /// Each ending of each stream registered with ``ends(_:with:)`` that has a subscriber and has
  /// not ended.
  func endingChoices(_ snapshot: State) -> [ExplorationChoice] {
    snapshot.endings.enumerated().flatMap { index, stream -> [ExplorationChoice] in
      guard !stream.ended, stream.isSubscribed() else { return [] }
      return stream.endings.map { ending in
        ExplorationChoice(
          token: stream.label + ending.mark, source: stream.label, footprint: nil,
          deliver: { [self] in
            self.state.withLock { $0.endings[index].ended = true }
            stream.end(ending)
          }, story: .ended(stream: stream.label, with: ending))
      }
    }
  }
}
