/// A first-in, first-out queue that reuses its storage, so that a steady flow through it allocates nothing.
///
/// The multi-upstream operators keep values here that are waiting for demand or for their turn.
internal struct ValueQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    internal var isEmpty: Bool { head == storage.count }

    internal var count: Int { storage.count - head }

    /// The oldest element, left in place.
    internal var first: Element? { isEmpty ? nil : storage[head] }

    /// Every element, oldest first, for a mirror to show.
    internal var elements: [Element] { storage[head...].compactMap { $0 } }

    internal mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the oldest element.
    internal mutating func popFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage[head]
        storage[head] = nil
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= storage.count {
            // A queue that never empties would otherwise keep growing at the front.
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    internal mutating func removeAll() {
        storage = []
        head = 0
    }
}
