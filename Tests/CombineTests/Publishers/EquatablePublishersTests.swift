import Combine
import Testing

private enum Boom: Error, Hashable {
    case first
    case second
}

/// The explicit `==` and `hash(into:)` that match Apple's declarations: equal exactly when every part is
/// equal, and hashing that agrees with that equality.
@Suite("Equatable publishers, Completion and CombineIdentifier")
struct EquatablePublishersTests {
    @Test func collectByCountComparesUpstreamAndCount() {
        let collect = Publishers.CollectByCount(upstream: Just(1), count: 2)
        #expect(collect == Publishers.CollectByCount(upstream: Just(1), count: 2))
        #expect(collect != Publishers.CollectByCount(upstream: Just(1), count: 3))
        #expect(collect != Publishers.CollectByCount(upstream: Just(2), count: 2))
        #expect(Publishers.Collect(upstream: Just(1)) == Publishers.Collect(upstream: Just(1)))
        #expect(Publishers.Collect(upstream: Just(1)) != Publishers.Collect(upstream: Just(2)))
    }

    @Test func containsComparesUpstreamAndOutput() {
        let contains = Publishers.Contains(upstream: Just(1), output: 5)
        #expect(contains == Publishers.Contains(upstream: Just(1), output: 5))
        #expect(contains != Publishers.Contains(upstream: Just(1), output: 6))
        #expect(contains != Publishers.Contains(upstream: Just(2), output: 5))
    }

    @Test func dropAndOutputCompareEveryPart() {
        #expect(Publishers.Drop(upstream: Just(1), count: 1) == Publishers.Drop(upstream: Just(1), count: 1))
        #expect(Publishers.Drop(upstream: Just(1), count: 1) != Publishers.Drop(upstream: Just(1), count: 2))
        let output = Publishers.Output(upstream: Just(1), range: 0..<2)
        #expect(output == Publishers.Output(upstream: Just(1), range: 0..<2))
        #expect(output != Publishers.Output(upstream: Just(1), range: 1..<2))
        #expect(output != Publishers.Output(upstream: Just(2), range: 0..<2))
    }

    @Test func singleUpstreamOperatorsCompareTheirUpstream() {
        #expect(Publishers.Count(upstream: Just(1)) == Publishers.Count(upstream: Just(1)))
        #expect(Publishers.Count(upstream: Just(1)) != Publishers.Count(upstream: Just(2)))
        #expect(Publishers.First(upstream: Just(1)) != Publishers.First(upstream: Just(2)))
        #expect(Publishers.Last(upstream: Just(1)) != Publishers.Last(upstream: Just(2)))
        #expect(Publishers.IgnoreOutput(upstream: Just(1)) == Publishers.IgnoreOutput(upstream: Just(1)))
        #expect(Publishers.IgnoreOutput(upstream: Just(1)) != Publishers.IgnoreOutput(upstream: Just(2)))
    }

    @Test func twoPublisherOperatorsCompareBothSides() {
        let drop = Publishers.DropUntilOutput(upstream: Just(1), other: Just(2))
        #expect(drop == Publishers.DropUntilOutput(upstream: Just(1), other: Just(2)))
        #expect(drop != Publishers.DropUntilOutput(upstream: Just(1), other: Just(3)))
        #expect(drop != Publishers.DropUntilOutput(upstream: Just(0), other: Just(2)))
        let concatenate = Publishers.Concatenate(prefix: Just(1), suffix: Just(2))
        #expect(concatenate == Publishers.Concatenate(prefix: Just(1), suffix: Just(2)))
        #expect(concatenate != Publishers.Concatenate(prefix: Just(1), suffix: Just(3)))
        #expect(concatenate != Publishers.Concatenate(prefix: Just(0), suffix: Just(2)))
    }

    @Test func combiningOperatorsCompareEveryUpstream() {
        let zip = Publishers.Zip3(Just(1), Just(2), Just(3))
        #expect(zip == Publishers.Zip3(Just(1), Just(2), Just(3)))
        #expect(zip != Publishers.Zip3(Just(1), Just(2), Just(0)))
        #expect(zip != Publishers.Zip3(Just(0), Just(2), Just(3)))
        let latest = Publishers.CombineLatest4(Just(1), Just(2), Just(3), Just(4))
        #expect(latest == Publishers.CombineLatest4(Just(1), Just(2), Just(3), Just(4)))
        #expect(latest != Publishers.CombineLatest4(Just(1), Just(2), Just(3), Just(0)))
        #expect(latest != Publishers.CombineLatest4(Just(1), Just(0), Just(3), Just(4)))
    }

    @Test func mergesCompareEveryUpstreamInOrder() {
        func merge8(_ v: [Int]) -> JustMerge8 {
            Publishers.Merge8(
                Just(v[0]), Just(v[1]), Just(v[2]), Just(v[3]), Just(v[4]), Just(v[5]), Just(v[6]), Just(v[7])
            )
        }
        let merge = merge8([1, 2, 3, 4, 5, 6, 7, 8])
        #expect(merge == merge8([1, 2, 3, 4, 5, 6, 7, 8]))
        #expect(merge != merge8([1, 2, 3, 4, 5, 6, 7, 0]))
        #expect(merge != merge8([0, 2, 3, 4, 5, 6, 7, 8]))
        #expect(Publishers.MergeMany(Just(1), Just(2)) == Publishers.MergeMany([Just(1), Just(2)]))
        #expect(Publishers.MergeMany(Just(1), Just(2)) != Publishers.MergeMany(Just(2), Just(1)))
        #expect(Publishers.MergeMany(Just(1), Just(2)) != Publishers.MergeMany(Just(1)))
    }

    @Test func completionIsEqualOnlyForTheSameCaseAndError() {
        typealias Completion = Subscribers.Completion<Boom>
        #expect(Completion.finished == .finished)
        #expect(Completion.failure(.first) == .failure(.first))
        #expect(Completion.failure(.first) != .failure(.second))
        #expect(Completion.finished != .failure(.first))
        #expect(Completion.failure(.first) != .finished)
    }

    @Test func completionHashingAgreesWithEquality() {
        typealias Completion = Subscribers.Completion<Boom>
        #expect(Completion.finished.hashValue == Completion.finished.hashValue)
        #expect(Completion.failure(.second).hashValue == Completion.failure(.second).hashValue)
        let all: Set<Completion> = [.finished, .failure(.first), .failure(.second), .finished]
        #expect(all.count == 3)
        #expect(all.contains(.failure(.second)))
    }

    @Test func combineIdentifierIsEqualOnlyForTheSameSource() {
        let object = Token()
        let other = Token()
        #expect(CombineIdentifier(object) == CombineIdentifier(object))
        #expect(CombineIdentifier(object).hashValue == CombineIdentifier(object).hashValue)
        #expect(CombineIdentifier(object) != CombineIdentifier(other))
        let fresh = CombineIdentifier()
        let copy = fresh
        #expect(fresh == copy)
        #expect(fresh.hashValue == copy.hashValue)
        #expect(fresh != CombineIdentifier())
        let all: Set<CombineIdentifier> = [fresh, copy, CombineIdentifier(object), CombineIdentifier(object)]
        #expect(all.count == 2)
    }

    @Test func prefetchStrategyEqualityAndHashing() {
        let keepFull = Publishers.PrefetchStrategy.keepFull
        #expect(keepFull == .keepFull)
        #expect(keepFull != .byRequest)
        #expect(keepFull.hashValue == Publishers.PrefetchStrategy.keepFull.hashValue)
        let all: Set<Publishers.PrefetchStrategy> = [.keepFull, .byRequest, .byRequest, .keepFull]
        #expect(all.count == 2)
    }
}

private typealias JustMerge8 = Publishers.Merge8<
    Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>
>

private final class Token {}
