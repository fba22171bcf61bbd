/// A first-in, first-out queue with constant-time append and removal from the front.
struct ValueQueue<Element> {
  private var storage: [Element] = []
  private var head = 0

  var isEmpty: Bool { head == storage.count }

  var count: Int { storage.count - head }

  mutating func append(_ element: Element) {
    storage.append(element)
  }

  /// Removes and returns the oldest element, or `nil` if the queue is empty.
  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    head += 1
    // Reclaim the taken slots once they are most of the storage.
    if head >= 32, head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}
