import Combine
import Testing

/// Where Apple's `Just`, `Optional.Publisher` and `Result.Publisher` operators answer differently from
/// the general operators of the same name, and ours answer as Apple's do.
@Suite struct PublishersSpecialisationQuirksTests {
    private struct Thrown: Error, Equatable {}

    // Apple: an empty Optional.Publisher counts nothing and reduces to nothing; it just finishes.
    @Test func anEmptyOptionalPublisherCountsAndReducesToNothing() {
        let none = Optional<Int>.Publisher(nil)
        #expect(none.count() == Optional.Publisher(nil))
        #expect(none.reduce(1, +) == Optional.Publisher(nil))
        #expect(Optional.Publisher(3).count() == Optional.Publisher(1))
    }

    // Apple (FB6169621): Just's output(in:) keeps its value for any range starting at zero, even 0..<0,
    // and drops it for any other start, without trapping on a negative one.
    @Test func justKeepsItsValueForEveryRangeStartingAtZero() {
        #expect(Just(12).output(in: 0..<0) == Optional.Publisher(12))
        #expect(Just(12).output(in: 0...0) == Optional.Publisher(12))
        #expect(Just(12).output(in: -10..<10) == Optional.Publisher(nil))
        #expect(Just(12).output(in: 1..<10) == Optional.Publisher(nil))
    }

    // Apple: Optional.Publisher's output(in:) measures the range from zero and keeps the value only
    // when zero is in it.
    @Test func optionalOutputInKeepsTheValueOnlyWhenZeroIsInTheRange() {
        #expect(Optional.Publisher(12).output(in: 0..<0) == Optional.Publisher(nil))
        #expect(Optional.Publisher(12).output(in: ...0) == Optional.Publisher(12))
        #expect(Optional.Publisher(12).output(in: 0..<(Int.max - 2)) == Optional.Publisher(12))
    }

    // Apple: a range below zero stops the process.
    @Test func optionalOutputInANegativeRangeStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = Optional.Publisher(12).output(in: (-1)...4)
        }
    }

    // Apple: the comparator runs once, comparing the single value with itself, so a throwing one fails.
    @Test func theTryComparisonsCompareTheValueWithItselfOnce() throws {
        let calls = Counter()
        let throwing: (Int, Int) throws -> Bool = { _, _ in
            calls.add()
            throw Thrown()
        }
        let success = Result<Int, Thrown>.Publisher(2)
        #expect(throws: Thrown.self) { try success.tryMax(by: throwing).result.get() }
        #expect(throws: Thrown.self) { try success.tryMin(by: throwing).result.get() }
        #expect(throws: Thrown.self) { try success.tryRemoveDuplicates(by: throwing).result.get() }
        #expect(throws: Thrown.self) { try Just(44).tryRemoveDuplicates(by: throwing).result.get() }
        #expect(calls.value == 4)
        #expect(try Just(44).tryRemoveDuplicates(by: { _, _ in true }).result.get() == 44)
    }
}
