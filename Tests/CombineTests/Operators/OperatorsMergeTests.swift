import Combine
import Dispatch
import Testing

@Suite struct OperatorsMergeTests {
    @Test func mergeInterleavesValuesAndFinishesWhenEveryUpstreamHasFinished() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        first.merge(with: second).subscribe(subscriber)

        first.send(1)
        second.send(2)
        first.send(completion: .finished)
        second.send(3)
        #expect(subscriber.completions.isEmpty)
        second.send(completion: .finished)

        #expect(
            subscriber.events == [
                .subscription("Merge"), .value(1), .value(2), .value(3), .completion(.finished),
            ])
        #expect(first.subscription?.history == [.requested(.unlimited)])
        #expect(second.subscription?.history == [.requested(.unlimited)])
    }

    @Test func everyArityDescribesItselfAsMergeAndDeliversEveryUpstream() {
        let upstreams = (0..<8).map { Just($0) }
        let (a, b, c, d, e, f, g, h) = (
            upstreams[0], upstreams[1], upstreams[2], upstreams[3], upstreams[4], upstreams[5], upstreams[6],
            upstreams[7]
        )
        let merged: [AnyPublisher<Int, Never>] = [
            a.merge(with: b).eraseToAnyPublisher(),
            a.merge(with: b, c).eraseToAnyPublisher(),
            a.merge(with: b, c, d).eraseToAnyPublisher(),
            a.merge(with: b, c, d, e).eraseToAnyPublisher(),
            a.merge(with: b, c, d, e, f).eraseToAnyPublisher(),
            a.merge(with: b, c, d, e, f, g).eraseToAnyPublisher(),
            a.merge(with: b, c, d, e, f, g, h).eraseToAnyPublisher(),
            Publishers.MergeMany(upstreams).eraseToAnyPublisher(),
        ]

        for (offset, publisher) in merged.enumerated() {
            let subscriber = TestSubscriber<Int, Never>()
            publisher.subscribe(subscriber)
            let expected = offset == 7 ? 8 : offset + 2
            #expect(subscriber.subscriptionDescriptions == ["Merge"])
            #expect(subscriber.values.sorted() == Array(0..<expected))
            #expect(subscriber.completions == [.finished])
        }
    }

    @Test func chainedMergesGrowIntoOneMergeOfMoreUpstreams() {
        let a = Just(1)
        let three: Publishers.Merge3<Just<Int>, Just<Int>, Just<Int>> = a.merge(with: a).merge(with: a)
        let eight:
            Publishers.Merge8<
                Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>, Just<Int>
            > =
                a.merge(with: a, a).merge(with: a, a, a, a, a)
        let many: Publishers.MergeMany<Just<Int>> = Publishers.MergeMany(a, a).merge(with: a)

        #expect(three.c == a)
        #expect(eight.h == a)
        #expect(many.publishers.count == 3)
        #expect(Publishers.Merge(a, a) == Publishers.Merge(a, a))
    }

    @Test func mergingWithTheSameTypeGivesMergeMany() {
        let merged = [1].publisher.merge(with: [2].publisher)
        let subscriber = TestSubscriber<Int, Never>()
        merged.subscribe(subscriber)

        #expect(merged.publishers.count == 2)
        #expect(subscriber.values == [1, 2])
    }

    @Test func limitedDemandAsksEachUpstreamForOneValueAtATimeAndQueuesTheRest() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        first.merge(with: second).subscribe(subscriber)

        #expect(first.subscription?.history == [.requested(.max(1))])
        #expect(second.subscription?.history == [.requested(.max(1))])
        #expect(first.send(1) == .max(1))
        #expect(second.send(2) == .none)
        #expect(subscriber.values == [1])

        subscriber.request(.max(1))

        #expect(subscriber.values == [1, 2])
        #expect(second.subscription?.history == [.requested(.max(1)), .requested(.max(1))])
    }

    @Test func aFinishedMergeWaitsUntilItsQueueHasBeenDelivered() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        first.merge(with: second).subscribe(subscriber)
        first.send(1)
        second.send(2)
        first.send(completion: .finished)
        second.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)

        subscriber.request(.max(1))

        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.finished])
    }

    @Test func becomingUnlimitedAsksEveryUpstreamForEverything() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        first.merge(with: second).subscribe(subscriber)

        subscriber.request(.unlimited)
        #expect(first.send(1) == .none)

        #expect(first.subscription?.history == [.requested(.max(1)), .requested(.unlimited)])
        #expect(second.subscription?.history == [.requested(.max(1)), .requested(.unlimited)])
    }

    @Test func theFirstFailureCancelsTheOtherUpstreamsAndEndsTheStream() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let third = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        first.merge(with: second, third).subscribe(subscriber)
        third.send(completion: .finished)

        second.send(completion: .failure(ProbeError(2)))
        first.send(1)
        first.send(completion: .failure(ProbeError(1)))

        #expect(first.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(second.subscription?.history == [.requested(.unlimited)])
        #expect(third.subscription?.history == [.requested(.unlimited)])
        #expect(subscriber.events == [.subscription("Merge"), .completion(.failure(ProbeError(2)))])
    }

    @Test func cancelStopsEveryUpstreamAndNothingArrivesAfterIt() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        first.merge(with: second).subscribe(subscriber)
        first.send(1)

        subscriber.cancel()
        second.send(2)
        first.send(completion: .finished)
        second.send(completion: .finished)

        #expect(first.subscription?.isCancelled == true)
        #expect(second.subscription?.isCancelled == true)
        #expect(subscriber.events == [.subscription("Merge"), .value(1)])
    }

    @Test func aMergeOfNothingFinishesAtOnce() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Publishers.MergeMany([Just<Int>]()).subscribe(subscriber)

        #expect(subscriber.events == [.subscription("Merge"), .completion(.finished)])
    }

    @Test func aValueSentFromInsideReceiveComesAfterTheCurrentOneInsteadOfInsideIt() {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { value in
            overlaps.run { if value == 1 { second.send(2) } }
        }
        first.merge(with: second).subscribe(subscriber)

        first.send(1)

        #expect(subscriber.values == [1, 2])
        #expect(overlaps.count == 0)
    }

    @Test func concurrentUpstreamsAreSerialisedAndLoseNothing() {
        let valuesPerUpstream = 500
        let subjects = (0..<4).map { _ in TestPublisher<Int, Never>() }
        let subscriber = TestSubscriber<Int, Never>()
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { _ in overlaps.run() }
        Publishers.MergeMany(subjects).subscribe(subscriber)

        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for step in 0..<valuesPerUpstream { subjects[index].send(index * valuesPerUpstream + step) }
            subjects[index].send(completion: .finished)
        }

        #expect(overlaps.count == 0)
        #expect(subscriber.values.sorted() == Array(0..<(subjects.count * valuesPerUpstream)))
        #expect(subscriber.completions == [.finished])
        for index in subjects.indices {
            let own = subscriber.values.filter { $0 / valuesPerUpstream == index }
            #expect(own == own.sorted())
        }
    }

    @Test func concurrentUpstreamsUnderOneAtATimeDemandDeliverEverythingExactlyOnce() {
        let valuesPerUpstream = 200
        let upstreams = (0..<3).map { _ in TestPublisher<Int, Never>() }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        Publishers.MergeMany(upstreams).subscribe(subscriber)

        DispatchQueue.concurrentPerform(iterations: upstreams.count) { index in
            for step in 0..<valuesPerUpstream {
                #expect(upstreams[index].sendWhenDemanded(index * valuesPerUpstream + step))
            }
            upstreams[index].send(completion: .finished)
        }

        #expect(subscriber.waitForCompletion())
        #expect(subscriber.values.sorted() == Array(0..<(upstreams.count * valuesPerUpstream)))
    }
}
