import Combine
import Dispatch
import Testing

@Suite struct OperatorsBufferTests {
    @Test func keepFullAsksForTheBufferSizeAndRefillsAsValuesLeave() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.max(3))])
        for value in 1...3 { #expect(upstream.send(value) == .none) }
        #expect(subscriber.events == [.subscription("Buffer")])
        subscriber.request(.max(2))

        #expect(subscriber.values == [1, 2])
        #expect(upstream.subscription?.history == [.requested(.max(3)), .requested(.max(2))])
    }

    @Test func keepFullPassesAValueStraightOnWhenAskedAndReplacesItAtOnce() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest).subscribe(subscriber)

        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))

        #expect(subscriber.values == [1, 2])
    }

    @Test func byRequestAsksForEverythingAndHoldsWhatTheDownstreamHasNotAskedFor() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.unlimited)])
        for value in 1...4 { #expect(upstream.send(value) == .none) }
        #expect(subscriber.values == [1])
        subscriber.request(.max(2))

        #expect(subscriber.values == [1, 2, 3])
        #expect(upstream.subscription?.history == [.requested(.unlimited)])
    }

    @Test func dropNewestKeepsTheFirstValuesAndDropOldestKeepsTheLast() {
        func held(_ strategy: Publishers.BufferingStrategy<ProbeError>) -> [Int] {
            let upstream = TestPublisher<Int, ProbeError>()
            let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
            upstream.buffer(size: 3, prefetch: .byRequest, whenFull: strategy).subscribe(subscriber)
            for value in 1...6 { upstream.send(value) }
            subscriber.request(.unlimited)
            return subscriber.values
        }

        #expect(held(.dropNewest) == [1, 2, 3])
        #expect(held(.dropOldest) == [4, 5, 6])
    }

    // Apple: an overflowing customError buffer cancels its upstream at once, then fails right after the
    // values the next request lets through, leaving the rest undelivered.
    @Test func customErrorCancelsTheUpstreamAndFailsAfterTheNextRequestsValues() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { ProbeError(7) }).subscribe(
            subscriber)
        for value in 1...3 { upstream.send(value) }

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.completions.isEmpty)
        subscriber.request(.max(1))
        subscriber.request(.max(1))

        #expect(
            subscriber.events == [.subscription("Buffer"), .value(1), .completion(.failure(ProbeError(7)))])
    }

    // Apple: an upstream failure that arrives while a held value is being delivered is passed on at once,
    // and the delivery round then goes on with the held values its demand covers.
    @Test func aFailureDuringADeliveryIsPassedOnAtOnceAndTheRoundGoesOn() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        subscriber.onValue { value in
            if value == 1 { upstream.send(completion: .failure(ProbeError(4))) }
        }
        upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        for value in 1...4 { upstream.send(value) }
        subscriber.request(.max(3))
        subscriber.request(.max(1))

        #expect(
            subscriber.events == [
                .subscription("Buffer"), .value(1), .completion(.failure(ProbeError(4))), .value(2),
                .value(3),
            ])
    }

    // Apple: values that arrive after the upstream finished, while the finish waits for demand, are
    // still kept and delivered before it.
    @Test func valuesAfterAWaitingFinishAreStillDeliveredBeforeIt() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        upstream.send(completion: .finished)
        upstream.send(1)
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription("Buffer"), .value(1)])
        subscriber.request(.max(1))

        #expect(subscriber.events == [.subscription("Buffer"), .value(1), .completion(.finished)])
    }

    @Test func finishingWaitsUntilTheBufferIsEmpty() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        upstream.buffer(size: 4, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)

        subscriber.request(.max(1))
        #expect(subscriber.completions.isEmpty)
        subscriber.request(.max(1))

        #expect(subscriber.events == [.subscription("Buffer"), .value(1), .completion(.finished)])
    }

    @Test func anUpstreamFailureIsPassedOnAtOnceAndDropsTheHeldValues() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        upstream.buffer(size: 4, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(ProbeError(3)))
        subscriber.request(.max(1))

        #expect(subscriber.events == [.subscription("Buffer"), .completion(.failure(ProbeError(3)))])
    }

    @Test func aSubscriberThatAsksForMoreInsideReceiveGetsTheHeldValuesInOrder() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { _ in overlaps.run { subscriber.request(.max(1)) } }
        upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        for value in 1...4 { upstream.send(value) }

        subscriber.request(.max(1))

        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(overlaps.count == 0)
    }

    @Test func concurrentValuesAndRequestsDeliverEachHeldValueOnce() {
        let count = 2_000
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { _ in overlaps.run() }
        upstream.buffer(size: count, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                for value in 0..<count { upstream.send(value) }
            } else {
                for _ in 0..<count { subscriber.request(.max(1)) }
            }
        }

        #expect(subscriber.values == Array(0..<count))
        #expect(overlaps.count == 0)
    }
}
