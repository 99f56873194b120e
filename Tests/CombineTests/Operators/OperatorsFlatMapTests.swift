import Combine
import Dispatch
import Testing

@Suite struct OperatorsFlatMapTests {
    @Test func flatMapMergesTheValuesOfEveryInnerPublisherThenFinishes() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 3].publisher.flatMap { [$0, $0 * 10].publisher }.subscribe(subscriber)

        #expect(subscriber.subscriptionDescriptions == ["FlatMap"])
        #expect(subscriber.values == [1, 10, 2, 20, 3, 30])
        #expect(subscriber.completions == [.finished])
    }

    @Test func flatMapOverJustDeliversEveryValueInOrder() {
        var received: [Int] = []
        var finished = false
        let cancellable = (0..<100).publisher
            .flatMap(maxPublishers: .max(2)) { Just($0) }
            .sink(receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })

        #expect(received == Array(0..<100))
        #expect(finished)
        cancellable.cancel()
    }

    @Test func theDownstreamHasItsSubscriptionBeforeTheUpstreamIsSubscribed() {
        let subscriber = TestSubscriber<Int, ProbeError>()
        let seenAtUpstreamSubscribe = Box<[String]>([])
        let upstream = TestPublisher<Int, ProbeError>(onSubscribe: { _ in
            seenAtUpstreamSubscribe.value = subscriber.subscriptionDescriptions
        })
        upstream.flatMap { _ in Empty<Int, ProbeError>() }.subscribe(subscriber)

        #expect(seenAtUpstreamSubscribe.value == ["FlatMap"])
    }

    @Test func maxPublishersLimitsTheUpstreamAndAsksForOneMoreAsEachInnerFinishes() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inners = (0..<3).map { _ in TestPublisher<String, ProbeError>() }
        let subscriber = TestSubscriber<String, ProbeError>()
        upstream.flatMap(maxPublishers: .max(2)) { inners[$0] }.subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.max(2))])
        #expect(upstream.send(0) == .none)
        #expect(upstream.send(1) == .none)
        inners[1].send(completion: .finished)
        #expect(upstream.subscription?.history == [.requested(.max(2)), .requested(.max(1))])
    }

    @Test func unlimitedMaxPublishersAsksTheUpstreamForEverything() {
        let upstream = TestPublisher<Int, ProbeError>()
        upstream.flatMap { _ in Empty<Int, ProbeError>() }.subscribe(TestSubscriber<Int, ProbeError>())

        #expect(upstream.subscription?.history == [.requested(.unlimited)])
    }

    @Test func limitedDemandAsksEachInnerForOneValueAtATimeAndQueuesTheRest() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inners = (0..<2).map { _ in TestPublisher<Int, ProbeError>() }
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2))
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        upstream.send(0)
        upstream.send(1)

        #expect(inners.map { $0.subscription?.history } == [[.requested(.max(1))], [.requested(.max(1))]])
        #expect(inners[0].send(10) == .max(1))
        #expect(inners[0].send(11) == .max(1))
        #expect(inners[0].send(12) == .none)
        #expect(inners[0].send(13) == .none)
        #expect(subscriber.values == [10, 11])

        subscriber.request(.max(10))

        #expect(subscriber.values == [10, 11, 12, 13])
        #expect(inners[0].subscription?.history == Array(repeating: .requested(.max(1)), count: 3))
        #expect(inners[1].subscription?.history == [.requested(.max(1))])
    }

    @Test func becomingUnlimitedAsksEveryInnerForEverything() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inner = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(3))
        upstream.flatMap { _ in inner }.subscribe(subscriber)
        upstream.send(0)

        subscriber.request(.unlimited)

        #expect(inner.subscription?.history == [.requested(.max(1)), .requested(.unlimited)])
    }

    @Test func neverSendsMoreThanTheDownstreamAskedFor() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inners = (0..<3).map { _ in TestPublisher<Int, ProbeError>() }
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2))
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        for index in 0..<3 { upstream.send(index) }

        for round in 0..<3 {
            for inner in inners { inner.send(round) }
        }
        #expect(subscriber.values.count == 2)
        subscriber.request(.max(3))
        #expect(subscriber.values.count == 5)
    }

    @Test func finishesOnlyAfterTheUpstreamAndEveryInnerFinishedAndTheQueueDrained() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inners = (0..<2).map { _ in TestPublisher<Int, ProbeError>() }
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        upstream.send(0)
        upstream.send(1)

        inners[0].send(1)
        inners[0].send(2)
        inners[0].send(completion: .finished)
        upstream.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)
        inners[1].send(completion: .finished)
        #expect(subscriber.completions.isEmpty)

        subscriber.request(.max(1))

        #expect(
            subscriber.events == [.subscription("FlatMap"), .value(1), .value(2), .completion(.finished)])
    }

    // Apple: an inner publisher's failure cancels the other inner publishers but not the upstream.
    @Test func anInnerFailureEndsEverythingAndCancelsTheOtherInnersButNotTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inners = (0..<2).map { _ in TestPublisher<Int, ProbeError>() }
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        upstream.send(0)
        upstream.send(1)

        inners[0].send(5)
        inners[1].send(completion: .failure(ProbeError(1)))
        inners[0].send(6)
        upstream.send(2)

        #expect(
            subscriber.events == [.subscription("FlatMap"), .value(5), .completion(.failure(ProbeError(1)))])
        #expect(upstream.subscription?.isCancelled == false)
        #expect(inners[0].subscription?.isCancelled == true)
        #expect(inners[1].subscription?.isCancelled == false)
    }

    @Test func anUpstreamFailureCancelsEveryInner() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inner = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.flatMap { _ in inner }.subscribe(subscriber)
        upstream.send(0)

        upstream.send(completion: .failure(ProbeError(2)))

        #expect(subscriber.completions == [.failure(ProbeError(2))])
        #expect(inner.subscription?.isCancelled == true)
    }

    @Test func cancelStopsTheUpstreamAndEveryInnerAndNothingArrivesAfterIt() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inners = (0..<2).map { _ in TestPublisher<Int, ProbeError>() }
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        upstream.send(0)
        upstream.send(1)
        let flatMapSubscription = subscriber.subscription

        subscriber.cancel()
        flatMapSubscription?.cancel()
        inners[0].send(1)
        upstream.send(completion: .finished)

        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(
            inners.map { $0.subscription?.history } == [
                [.requested(.unlimited), .cancelled], [.requested(.unlimited), .cancelled],
            ])
    }

    @Test func aSubscriberThatSendsToAnInnerFromInsideReceiveGetsBothValuesInOrder() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inners = (0..<2).map { _ in TestPublisher<Int, ProbeError>() }
        let subscriber = TestSubscriber<Int, ProbeError>()
        subscriber.onValue { value in
            if value == 1 { inners[1].send(2) }
        }
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        upstream.send(0)
        upstream.send(1)

        inners[0].send(1)
        inners[0].send(3)

        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func concurrentInnersAreSerialisedAndKeepTheirOwnOrder() {
        let valuesPerInner = 400
        let inners = (0..<4).map { _ in TestPublisher<Int, Never>() }
        let subscriber = TestSubscriber<Int, Never>()
        let overlaps = OverlapDetector()
        subscriber.onValue { _ in overlaps.visit() }
        let upstream = TestPublisher<Int, Never>()
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        for index in inners.indices { upstream.send(index) }

        DispatchQueue.concurrentPerform(iterations: inners.count) { index in
            for step in 0..<valuesPerInner { inners[index].send(index * valuesPerInner + step) }
            inners[index].send(completion: .finished)
        }
        upstream.send(completion: .finished)

        #expect(!overlaps.overlapped)
        #expect(subscriber.completions == [.finished])
        expectEachInnerInOrder(subscriber.values, inners: inners.count, valuesPerInner: valuesPerInner)
    }

    @Test func concurrentInnersUnderOneAtATimeDemandDeliverEverythingExactlyOnce() {
        let valuesPerInner = 200
        let inners = (0..<4).map { _ in TestPublisher<Int, Never>() }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        let upstream = TestPublisher<Int, Never>()
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        for index in inners.indices { upstream.send(index) }

        DispatchQueue.concurrentPerform(iterations: inners.count) { index in
            for step in 0..<valuesPerInner {
                #expect(inners[index].sendWhenDemanded(index * valuesPerInner + step))
            }
            inners[index].send(completion: .finished)
        }
        upstream.send(completion: .finished)

        #expect(subscriber.waitForCompletion())
        expectEachInnerInOrder(subscriber.values, inners: inners.count, valuesPerInner: valuesPerInner)
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterCompletion() {
        let subscriber = WeakSubscriber<Int, Never>()
        [1, 2].publisher.flatMap { Just($0) }.subscribe(subscriber)

        #expect(subscriber.completions == 1)
        #expect(subscriber.subscription == nil)
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterCancel() {
        let upstream = TestPublisher<Int, ProbeError>()
        let inner = TestPublisher<Int, ProbeError>()
        let subscriber = WeakSubscriber<Int, ProbeError>()
        upstream.flatMap { _ in inner }.subscribe(subscriber)
        upstream.send(0)
        #expect(subscriber.subscription != nil)

        subscriber.cancel()

        #expect(subscriber.subscription == nil)
    }

    @Test func neverFailingSidesTakeOnTheOtherSidesFailureType() {
        let neverFailing = [1, 2].publisher
        let failing:
            Publishers.FlatMap<
                Fail<Int, ProbeError>,
                Publishers.SetFailureType<Publishers.Sequence<[Int], Never>, ProbeError>
            > =
                neverFailing.flatMap { Fail<Int, ProbeError>(error: ProbeError($0)) }
        let intoFailing:
            Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, ProbeError>, Fail<Int, ProbeError>> =
                Fail<Int, ProbeError>(error: ProbeError(3)).flatMap { Just($0) }
        let bothNever: Publishers.FlatMap<Just<Int>, Publishers.Sequence<[Int], Never>> = neverFailing.flatMap
        { Just($0) }
        let first = TestSubscriber<Int, ProbeError>()
        let second = TestSubscriber<Int, ProbeError>()
        let third = TestSubscriber<Int, Never>()

        failing.subscribe(first)
        intoFailing.subscribe(second)
        bothNever.subscribe(third)

        #expect(first.completions == [.failure(ProbeError(1))])
        #expect(second.completions == [.failure(ProbeError(3))])
        #expect(third.values == [1, 2])
    }

    // Apple: a value an inner publisher sends while another inner value is being delivered, with demand
    // to spare, is answered with demand for one more at once, so that inner publisher is not asked again
    // by a separate request.
    @Test func anInnerValueSentDuringADeliveryIsAnsweredAtOnce() {
        let outer = TestPublisher<TestPublisher<Int, Never>, Never>()
        let first = TestPublisher<Int, Never>()
        let second = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        let answered = Box<Subscribers.Demand?>(nil)
        subscriber.onValue { value in
            if value == 1 { answered.value = second.send(2) }
        }
        outer.flatMap { $0 }.subscribe(subscriber)
        outer.send(first)
        outer.send(second)

        #expect(first.send(1) == .max(1))
        #expect(answered.value == .max(1))
        #expect(subscriber.values == [1, 2])
        #expect(second.subscription?.history == [.requested(.max(1))])
    }

    private func expectEachInnerInOrder(_ values: [Int], inners: Int, valuesPerInner: Int) {
        #expect(values.count == inners * valuesPerInner)
        for index in 0..<inners {
            let own = values.filter { $0 / valuesPerInner == index }
            #expect(own == Array(index * valuesPerInner..<(index + 1) * valuesPerInner))
        }
    }
}
