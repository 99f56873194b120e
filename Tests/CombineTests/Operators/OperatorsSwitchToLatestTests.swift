import Combine
import Dispatch
import Testing

@Suite struct OperatorsSwitchToLatestTests {
    @Test func switchToLatestRepublishesEachInnerInTurnThenFinishes() {
        let subscriber = TestSubscriber<Int, Never>()
        (1..<4).publisher.map { ($0..<$0 + 2).publisher }.switchToLatest().subscribe(subscriber)

        #expect(subscriber.subscriptionDescriptions == ["SwitchToLatest"])
        #expect(subscriber.values == [1, 2, 2, 3, 3, 4])
        #expect(subscriber.completions == [.finished])
    }

    @Test func aNewInnerCancelsThePreviousOneAndOnlyTheLatestIsHeard() {
        let upstream = TestPublisher<TestPublisher<Int, ProbeError>, ProbeError>()
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.switchToLatest().subscribe(subscriber)

        upstream.send(first)
        first.send(1)
        upstream.send(second)
        first.send(2)
        second.send(3)

        #expect(subscriber.values == [1, 3])
        #expect(first.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(upstream.subscription?.history == [.requested(.unlimited)])
    }

    @Test func demandNotYetServedCarriesOverToTheNextInner() {
        let upstream = TestPublisher<TestPublisher<Int, ProbeError>, ProbeError>()
        let inners = (0..<3).map { _ in TestPublisher<Int, ProbeError>() }
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none, demandPerValue: .max(5))
        upstream.switchToLatest().subscribe(subscriber)

        upstream.send(inners[0])
        #expect(inners[0].subscription?.history == [])
        subscriber.request(.max(1))
        #expect(inners[0].subscription?.history == [.requested(.max(1))])
        inners[0].send(completion: .finished)
        subscriber.request(.max(41))
        subscriber.request(.max(1))

        upstream.send(inners[1])
        #expect(inners[1].subscription?.history == [.requested(.max(43))])
        #expect(inners[1].send(1) == .max(5))
        #expect(inners[1].send(2) == .max(5))

        upstream.send(inners[2])
        #expect(inners[1].subscription?.isCancelled == true)
        // 43 owed, 2 served, 2 × 5 more returned.
        #expect(inners[2].subscription?.history == [.requested(.max(51))])
        subscriber.request(.max(9))
        #expect(inners[2].subscription?.history == [.requested(.max(51)), .requested(.max(9))])
    }

    @Test func finishesOnlyWhenTheUpstreamAndTheLatestInnerHaveFinished() {
        let upstream = TestPublisher<TestPublisher<Int, ProbeError>, ProbeError>()
        let inner = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(inner)

        upstream.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)
        inner.send(4)
        inner.send(completion: .finished)

        #expect(subscriber.events == [.subscription("SwitchToLatest"), .value(4), .completion(.finished)])
    }

    @Test func anInnerFailureFailsTheStreamAndCancelsTheUpstream() {
        let upstream = TestPublisher<TestPublisher<Int, ProbeError>, ProbeError>()
        let inner = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(inner)

        inner.send(completion: .failure(ProbeError(8)))
        inner.send(completion: .finished)
        #expect(inner.send(1) == .none)

        #expect(subscriber.completions == [.failure(ProbeError(8))])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func anUpstreamFailureCancelsTheLatestInner() {
        let upstream = TestPublisher<TestPublisher<Int, ProbeError>, ProbeError>()
        let inner = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(inner)

        upstream.send(completion: .failure(ProbeError(9)))

        #expect(subscriber.completions == [.failure(ProbeError(9))])
        #expect(inner.subscription?.isCancelled == true)
    }

    // Apple: after the outer publisher fails, a value the cancelled latest inner one still sends reaches
    // the downstream (its demand is returned), but the inner one's completions do not.
    @Test func aValueFromTheLatestInnerStillPassesAfterTheOuterFails() {
        let upstream = TestPublisher<HeldSubscriberPublisher<Int, ProbeError>, ProbeError>()
        let inner = HeldSubscriberPublisher<Int, ProbeError>()
        let innerSubscription = TestSubscription()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1), demandPerValue: .max(100))
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(inner)
        inner.sendSubscription(innerSubscription)

        upstream.send(completion: .failure(ProbeError(9)))
        #expect(inner.send(1) == .max(100))
        inner.send(completion: .finished)

        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.failure(ProbeError(9))])
        #expect(innerSubscription.history == [.requested(.max(1)), .cancelled])
    }

    // Apple: once the outer publisher's own completion has ended the stream, every further completion
    // it sends is passed on as well.
    @Test func everyCompletionTheOuterSendsAfterEndingTheStreamIsPassedOn() {
        let upstream = TestPublisher<TestPublisher<Int, ProbeError>, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.switchToLatest().subscribe(subscriber)

        upstream.send(completion: .finished)
        upstream.send(completion: .failure(ProbeError(1)))
        upstream.send(completion: .finished)

        #expect(subscriber.completions == [.finished, .failure(ProbeError(1)), .finished])
    }

    @Test func cancelStopsTheUpstreamAndTheLatestInnerAndNothingArrivesAfter() {
        let upstream = TestPublisher<TestPublisher<Int, ProbeError>, ProbeError>()
        let inner = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(42))
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(inner)
        let subscription = subscriber.subscription

        subscriber.cancel()
        subscription?.cancel()
        inner.send(1)

        #expect(subscriber.values.isEmpty)
        #expect(inner.subscription?.history == [.requested(.max(42)), .cancelled])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func aSubscriberThatSwitchesFromInsideReceiveHearsTheNewInnerAtOnce() {
        let upstream = PassthroughSubject<Just<Int>, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue { value in
            if value < 3 { upstream.send(Just(value + 1)) }
        }
        upstream.switchToLatest().subscribe(subscriber)

        upstream.send(Just(1))

        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func concurrentInnersAreSerialisedAndNeverHeardAgainOnceALaterOneWas() {
        let innerCount = 40
        let inners = (0..<innerCount).map { _ in TestPublisher<Int, Never>() }
        let upstream = TestPublisher<TestPublisher<Int, Never>, Never>()
        let log = Box<[Int]>([])
        let overlaps = OverlapDetector()
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue { value in
            overlaps.visit()
            log.mutate { $0.append(value) }
        }
        upstream.switchToLatest().subscribe(subscriber)
        let stop = Box(false)
        let senders = DispatchGroup()
        for sender in 0..<2 {
            DispatchQueue.global().async(group: senders) {
                var step = sender
                while !stop.value {
                    // Every inner sends its own index, so the log shows whose value arrived.
                    inners[step % innerCount].send(step % innerCount)
                    step += 2
                }
            }
        }

        for inner in inners { upstream.send(inner) }
        stop.value = true
        senders.wait()
        inners[innerCount - 1].send(innerCount - 1)

        #expect(log.value == log.value.sorted())
        #expect(log.value.last == innerCount - 1)
        #expect(!overlaps.overlapped)
    }

    @Test func neverFailingSidesTakeOnTheOtherSidesFailureType() {
        let failingInners:
            Publishers.SwitchToLatest<
                Fail<Int, ProbeError>, Publishers.SetFailureType<Just<Fail<Int, ProbeError>>, ProbeError>
            > =
                Just(Fail<Int, ProbeError>(error: ProbeError(1))).switchToLatest()
        let failingOuter:
            Publishers.SwitchToLatest<
                Publishers.SetFailureType<Just<Int>, ProbeError>,
                Publishers.Map<Fail<Just<Int>, ProbeError>, Publishers.SetFailureType<Just<Int>, ProbeError>>
            > = Fail<Just<Int>, ProbeError>(error: ProbeError(2)).switchToLatest()
        let neither: Publishers.SwitchToLatest<Just<Int>, Just<Just<Int>>> = Just(Just(3)).switchToLatest()
        let first = TestSubscriber<Int, ProbeError>()
        let second = TestSubscriber<Int, ProbeError>()
        let third = TestSubscriber<Int, Never>()

        failingInners.subscribe(first)
        failingOuter.subscribe(second)
        neither.subscribe(third)

        #expect(first.completions == [.failure(ProbeError(1))])
        #expect(second.completions == [.failure(ProbeError(2))])
        #expect(third.values == [3])
        #expect(third.completions == [.finished])
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterCompletion() {
        let subscriber = WeakSubscriber<Int, Never>()
        [Just(1), Just(2)].publisher.switchToLatest().subscribe(subscriber)

        #expect(subscriber.completions == 1)
        #expect(subscriber.subscription == nil)
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterCancel() {
        let upstream = TestPublisher<TestPublisher<Int, ProbeError>, ProbeError>()
        let inner = TestPublisher<Int, ProbeError>()
        let subscriber = WeakSubscriber<Int, ProbeError>()
        upstream.switchToLatest().subscribe(subscriber)
        upstream.send(inner)
        #expect(subscriber.subscription != nil)

        subscriber.cancel()

        #expect(subscriber.subscription == nil)
    }
}
