import Combine
import Testing

@Suite struct OperatorsUntilOutputTests {
    @Test func prefixUntilOutputPassesValuesUntilTheOtherSendsThenFinishesAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let trigger = TestPublisher<String, Never>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(4), demandPerValue: .max(1))
        upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber)

        #expect(trigger.subscription?.history == [.requested(.max(1))])
        #expect(upstream.subscription?.history == [.requested(.max(4))])
        #expect(upstream.send(1) == .max(1))
        trigger.send("stop")
        upstream.send(2)

        #expect(upstream.subscription?.history == [.requested(.max(4)), .cancelled])
        #expect(trigger.subscription?.history == [.requested(.max(1))])
        #expect(subscriber.events == [.subscription("PrefixUntilOutput"), .value(1), .completion(.finished)])
    }

    @Test func prefixUntilOutputIgnoresTheOtherFinishingOrFailing() {
        let upstream = TestPublisher<Int, ProbeError>()
        let finishing = TestSubscriber<Int, ProbeError>()
        upstream.prefix(untilOutputFrom: Empty<Int, Never>()).subscribe(finishing)
        upstream.send(1)
        let failing = TestSubscriber<Int, ProbeError>()
        upstream.prefix(untilOutputFrom: Fail<Int, ProbeError>(error: ProbeError(1))).subscribe(failing)
        upstream.send(2)
        upstream.send(completion: .finished)

        #expect(finishing.values == [1])
        #expect(failing.events == [.subscription("PrefixUntilOutput"), .value(2), .completion(.finished)])
    }

    @Test func theUpstreamsCompletionCancelsTheOther() {
        let upstream = TestPublisher<Int, ProbeError>()
        let trigger = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber)

        upstream.send(completion: .failure(ProbeError(3)))

        #expect(trigger.subscription?.isCancelled == true)
        #expect(subscriber.completions == [.failure(ProbeError(3))])
    }

    @Test func theOtherIsSubscribedFirstAndRequestsMadeBeforeTheUpstreamArriveInOneRequest() {
        let order = Box<[String]>([])
        let upstream = TestPublisher<Int, ProbeError>(onSubscribe: { _ in order.value.append("upstream") })
        let trigger = TestPublisher<Int, ProbeError>(onSubscribe: { _ in order.value.append("other") })
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2))
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)

        #expect(order.value == ["other", "upstream"])
        #expect(upstream.subscription?.history == [.requested(.max(2))])
    }

    @Test func dropUntilOutputDropsValuesAgainstTheDemandUntilTheOtherSends() {
        let upstream = TestPublisher<Int, ProbeError>()
        let trigger = TestPublisher<Void, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(5), demandPerValue: .max(1))
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)

        #expect(upstream.send(1) == .none)
        trigger.send(())
        #expect(upstream.send(2) == .max(1))
        trigger.send(completion: .failure(ProbeError(9)))
        upstream.send(completion: .finished)

        #expect(trigger.subscription?.history == [.requested(.max(1))])
        #expect(subscriber.events == [.subscription("DropUntilOutput"), .value(2), .completion(.finished)])
    }

    @Test func dropUntilOutputFinishesWhenTheOtherFinishesFirstAndFailsWhenItFailsFirst() {
        let finishingUpstream = TestPublisher<Int, ProbeError>()
        let finishing = TestSubscriber<Int, ProbeError>()
        finishingUpstream.drop(untilOutputFrom: Empty<Int, ProbeError>()).subscribe(finishing)
        let failingUpstream = TestPublisher<Int, ProbeError>()
        let failing = TestSubscriber<Int, ProbeError>()
        failingUpstream.drop(untilOutputFrom: Fail<Int, ProbeError>(error: ProbeError(4))).subscribe(failing)

        #expect(finishing.events == [.subscription("DropUntilOutput"), .completion(.finished)])
        #expect(failing.events == [.subscription("DropUntilOutput"), .completion(.failure(ProbeError(4)))])
        // Both triggers ended the stream before the upstream subscribed. As Apple's does, the upstream
        // still gets the demand after a finish; after a failure it is cancelled on arrival.
        #expect(finishingUpstream.subscription?.history == [.requested(.unlimited)])
        #expect(failingUpstream.subscription?.history == [.cancelled])
    }

    @Test func cancelStopsBothAndNothingArrivesAfterIt() {
        let upstream = TestPublisher<Int, ProbeError>()
        let trigger = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        trigger.send(0)

        subscriber.cancel()
        upstream.send(1)
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("DropUntilOutput")])
    }

    @Test func theOthersValueWhileAnUpstreamValueIsBeingDeliveredFinishesAfterIt() {
        let upstream = PassthroughSubject<Int, Never>()
        let trigger = PassthroughSubject<Void, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        let overlaps = OverlappingCallCounter()
        subscriber.onValue { _ in overlaps.run { trigger.send(()) } }
        subscriber.onCompletion { _ in overlaps.run {} }
        upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)

        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
        #expect(overlaps.count == 0)
    }
}
