import Combine
import Dispatch
import Locking
import Synchronization
import Testing
import TimeControl

/// `receive(on:)` and `subscribe(on:)`: which work moves to the scheduler, and which does not.
@Suite struct SchedulerHopTests {
    let scheduler = VirtualTimeScheduler()

    // MARK: receive(on:) on a virtual clock

    @Test func receiveOnDeliversValuesAndCompletionOnlyWhenTheSchedulerRunsThem() {
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(subscriber.events.isEmpty)
        scheduler.advance()
        #expect(subscriber.events == [.value(1, at: ms(0)), .value(2, at: ms(0)), .finished(at: ms(0))])
    }

    @Test func receiveOnSubscriptionDescribesItselfAsReceiveOn() {
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.receive(on: scheduler).subscribe(subscriber)
        #expect(subscriber.descriptions == ["ReceiveOn"])
    }

    @Test func receiveOnPassesDemandUpAtOnceAndAddsWhatEachDeliveryAsksFor() {
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .max(1), demandPerValue: .max(3))
        upstream.receive(on: scheduler).subscribe(subscriber)
        #expect(upstream.requests == [.max(1)])
        #expect(upstream.send(1) == .none)
        scheduler.advance()
        #expect(upstream.requests == [.max(1), .max(3)])
        subscriber.request(.max(5))
        #expect(upstream.requests == [.max(1), .max(3), .max(5)])
    }

    @Test func receiveOnCancelDropsPendingValuesAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        subscriber.cancel()
        scheduler.run()
        #expect(subscriber.events.isEmpty)
        #expect(upstream.cancelCount == 1)
    }

    // Apple: a cancel after the upstream's completion stops nothing; the scheduled completion arrives
    // (OpenCombine's `ReceiveOnTests.testStrongCaptureWhenSchedulingCompletion`).
    @Test func receiveOnCancelKeepsAPendingCompletionWithoutCancellingAFinishedUpstream() {
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(completion: .failure(.upstreamFailed))
        subscriber.cancel()
        scheduler.run()
        #expect(subscriber.events == [.failure(.upstreamFailed, at: ms(0))])
        #expect(upstream.cancelCount == 0)
    }

    // Apple: receive(on:) holds its subscriber for as long as its subscription lives, so a subscriber
    // that keeps the subscription after the end stays alive until it lets go of it.
    @Test func receiveOnHoldsAFinishedSubscriberUntilItLetsGoOfItsSubscription() {
        weak var released: TimedSubscriber<Int>?
        do {
            let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
            let subscriber = TimedSubscriber<Int>(on: scheduler)
            released = subscriber
            upstream.receive(on: scheduler).subscribe(subscriber)
            upstream.send(completion: .finished)
            scheduler.run()
        }
        #expect(released != nil)
        released?.cancel()
        #expect(released == nil)
    }

    // MARK: receive(on:) on a real serial queue

    @Test func receiveOnASerialQueueDeliversEverythingInOrderOnThatQueue() {
        let queue = DispatchQueue(label: "receive-on-test")
        let key = DispatchSpecificKey<Void>()
        queue.setSpecific(key: key, value: ())
        let offQueue = Atomic<Int>(0)
        let upstream = TestPublisher<Int, Never>(lettingGo: .onCancelOrCompletion)
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue { _ in
            if DispatchQueue.getSpecific(key: key) == nil { offQueue.add(1, ordering: .relaxed) }
        }
        upstream.receive(on: queue).subscribe(subscriber)
        // Sent from several threads at once; each sender's own values must keep their order.
        DispatchQueue.concurrentPerform(iterations: 4) { sender in
            for index in 0..<250 { upstream.send(sender * 1000 + index) }
        }
        upstream.send(completion: .finished)
        #expect(subscriber.waitForCompletion())
        let values = subscriber.values
        #expect(values.count == 1000)
        for sender in 0..<4 {
            let own = values.filter { $0 / 1000 == sender }
            #expect(own == (0..<250).map { sender * 1000 + $0 })
        }
        let deliveredOffQueue = offQueue.load(ordering: .relaxed)
        #expect(deliveredOffQueue == 0)
        #expect(subscriber.completions.count == 1)
    }

    @Test func receiveOnASerialQueueKeepsTheOrderOfASingleSender() {
        let queue = DispatchQueue(label: "receive-on-order")
        let upstream = TestPublisher<Int, Never>(lettingGo: .onCancelOrCompletion)
        let subscriber = TestSubscriber<Int, Never>()
        upstream.receive(on: queue).subscribe(subscriber)
        for value in 0..<500 { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(subscriber.waitForCompletion())
        #expect(subscriber.values == Array(0..<500))
    }

    // MARK: subscribe(on:)

    @Test func subscribeOnSubscribesRequestsAndCancelsOnlyWhenTheSchedulerRuns() {
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .max(1))
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        #expect(upstream.subscribeCount == 0)
        scheduler.advance()
        #expect(upstream.subscribeCount == 1)
        #expect(upstream.requests == [.max(1)])
        #expect(subscriber.descriptions == ["SubscribeOn"])

        subscriber.request(.max(2))
        #expect(upstream.requests == [.max(1)])
        scheduler.advance()
        #expect(upstream.requests == [.max(1), .max(2)])

        subscriber.cancel()
        #expect(upstream.cancelCount == 0)
        upstream.send(7)
        scheduler.advance()
        #expect(upstream.cancelCount == 1)
        #expect(subscriber.events.isEmpty)
    }

    @Test func subscribeOnLeavesValuesOnTheThreadThatSendsThem() {
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance()
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(subscriber.events == [.value(1, at: ms(0)), .finished(at: ms(0))])
    }

    @Test func subscribeOnAQueuePerformsSubscribeRequestAndCancelOnThatQueue() {
        let queue = DispatchQueue(label: "subscribe-on-test")
        let key = DispatchSpecificKey<Void>()
        queue.setSpecific(key: key, value: ())
        let seen = Locked<[String]>([])
        let upstream = TestPublisher<Int, Never>(
            lettingGo: .onCancelOrCompletion,
            observe: { event in
                let onQueue = DispatchQueue.getSpecific(key: key) != nil
                seen.withLock { $0.append("\(event) on queue: \(onQueue)") }
            })
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.subscribe(on: queue).subscribe(subscriber)
        queue.sync {}
        subscriber.request(.max(1))
        subscriber.cancel()
        // The queue is serial: once this empty block has run, so has everything queued before it.
        queue.sync {}
        #expect(
            seen.withLock { $0 } == [
                "subscribe on queue: true", "request on queue: true", "request on queue: true",
                "cancel on queue: true",
            ])
    }
}
