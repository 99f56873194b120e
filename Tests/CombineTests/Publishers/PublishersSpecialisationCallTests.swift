import Combine
import Testing

/// Which calls the `Sequence` and `Just` specialisations of `prepend` and `append` make on the
/// collections they join, as Apple's make them: a collection that counts or logs its calls sees the
/// same ones.
@Suite struct PublishersSpecialisationCallTests {
    /// An array that records the calls the joining code makes on it.
    private final class Recorded: RangeReplaceableCollection {
        private(set) var storage: [Int]
        private(set) var calls: [String]

        init() {
            storage = []
            calls = ["init()"]
        }

        init(_ elements: [Int]) {
            storage = elements
            calls = []
        }

        var startIndex: Int { storage.startIndex }
        var endIndex: Int { storage.endIndex }
        subscript(position: Int) -> Int { storage[position] }
        func index(after index: Int) -> Int { storage.index(after: index) }

        var count: Int {
            calls.append("count")
            return storage.count
        }

        var underestimatedCount: Int {
            calls.append("underestimatedCount")
            return storage.count
        }

        func makeIterator() -> IndexingIterator<[Int]> {
            calls.append("makeIterator")
            return storage.makeIterator()
        }

        func reserveCapacity(_ capacity: Int) {
            calls.append("reserveCapacity")
            storage.reserveCapacity(capacity)
        }

        func append<S: Sequence>(contentsOf elements: S) where S.Element == Int {
            calls.append("append")
            storage.append(contentsOf: elements)
        }

        func replaceSubrange<C: Collection>(_ range: Range<Int>, with elements: C) where C.Element == Int {
            storage.replaceSubrange(range, with: elements)
        }
    }

    // Apple: prepending a sequence counts the publisher's collection, reserves room in a new one for
    // both, and appends the two in turn.
    @Test func sequencePrependReservesForBothPartsThenAppendsThem() {
        let base = Recorded([4, 5])
        let front = Recorded([1, 2, 3])
        let joined = Publishers.Sequence<Recorded, Never>(sequence: base).prepend(front).sequence

        #expect(joined.storage == [1, 2, 3, 4, 5])
        #expect(joined.calls == ["init()", "reserveCapacity", "append", "append"])
        #expect(base.calls == ["count", "underestimatedCount", "makeIterator"])
        #expect(front.calls == ["underestimatedCount", "underestimatedCount", "makeIterator"])
    }

    // Apple: Just reserves room for the prepended elements and its value, and appends to an array that
    // holds its value.
    @Test func justPrependAndAppendReadTheElementsOnce() {
        let front = Recorded([1, 2])
        let back = Recorded([7, 8])

        #expect(Just(3).prepend(front).sequence == [1, 2, 3])
        #expect(Just(6).append(back).sequence == [6, 7, 8])
        #expect(front.calls == ["underestimatedCount", "underestimatedCount", "makeIterator"])
        #expect(back.calls == ["underestimatedCount", "makeIterator"])
    }
}
