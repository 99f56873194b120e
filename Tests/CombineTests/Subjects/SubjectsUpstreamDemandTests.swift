import Combine
import Testing

/// What a subject subscribed to an upstream asks of it, and what it does once completed.
@Suite struct SubjectsUpstreamDemandTests {
    // Apple: a PassthroughSubject asks its upstream for values only once a subscriber has demand.
    @Test func passthroughAsksItsUpstreamOnlyOnceASubscriberHasDemand() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        subject.subscribe(subscriber)
        let connection = upstream.subscribe(subject)
        #expect(upstream.subscription?.requests == [])

        subscriber.request(.max(1))
        subscriber.request(.max(1))

        #expect(upstream.subscription?.requests == [.unlimited])
        withExtendedLifetime(connection) {}
    }

    // Apple: Just(1).subscribe(subject) before any subscriber keeps the value for the first one with demand.
    @Test func passthroughSubscribedBeforeItsSubscriberStillDeliversTheUpstreamsValue() {
        let subject = PassthroughSubject<Int, Never>()
        let connection = Just(1).subscribe(subject)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)

        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
        withExtendedLifetime(connection) {}
    }

    // Apple: a CurrentValueSubject asks an upstream for everything as soon as it subscribes, subscribers
    // or not, so Just(1).subscribe(subject) sets its value at once; later demand asks for nothing more.
    @Test func currentValueAsksItsUpstreamForEverythingAtOnce() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let subject = CurrentValueSubject<Int, Never>(0)
        let connection = upstream.subscribe(subject)
        #expect(upstream.subscription?.requests == [.unlimited])

        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(subscriber)

        #expect(upstream.subscription?.requests == [.unlimited])
        let other = CurrentValueSubject<Int, Never>(0)
        let justConnection = Just(1).subscribe(other)
        #expect(other.value == 1)
        withExtendedLifetime((connection, justConnection)) {}
    }

    // Apple: CurrentValueSubject.send(_:) after the completion is ignored, but assigning `value` still
    // changes what `value` reads (nobody is sent it).
    @Test func currentValueIgnoresSendAfterItsCompletionButKeepsAnAssignedValue() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(completion: .finished)
        subject.send(2)
        #expect(subject.value == 1)

        subject.value = 3
        #expect(subject.value == 3)
        #expect(subscriber.values == [1])
    }
}
