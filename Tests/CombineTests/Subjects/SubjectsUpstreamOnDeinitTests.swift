import Combine
import Testing

/// A subject that goes away cancels the upstream subscriptions it was handed, as Apple's subjects do,
/// so a publisher feeding a forgotten subject stops.
@Suite struct SubjectsUpstreamOnDeinitTests {
    @Test func aPassthroughSubjectThatGoesAwayCancelsItsUpstreamSubscriptions() {
        let subscription = TestSubscription()
        do {
            let subject = PassthroughSubject<Int, Never>()
            subject.send(subscription: subscription)
            subject.send(subscription: subscription)
            #expect(subscription.cancelCount == 0)
        }
        #expect(subscription.cancelCount == 2)
    }

    @Test func aCurrentValueSubjectThatGoesAwayCancelsItsUpstreamSubscriptions() {
        let subscription = TestSubscription()
        do {
            let subject = CurrentValueSubject<Int, Never>(0)
            subject.send(subscription: subscription)
            #expect(subscription.cancelCount == 0)
        }
        #expect(subscription.cancelCount == 1)
    }

    @Test func aCompletedSubjectHasAlreadyLetGoOfItsUpstreamSubscriptions() {
        let subscription = TestSubscription()
        do {
            let subject = PassthroughSubject<Int, Never>()
            subject.send(subscription: subscription)
            subject.send(completion: .finished)
        }
        #expect(subscription.cancelCount == 0)
    }
}

/// A publisher subscribed to a subject that sends a completion before its subscription does not end the
/// subject, as with Apple's (so `share()` over such a publisher stays open).
@Suite struct SubjectsEarlyCompletionTests {
    @Test func aCompletionBeforeTheSubscriptionDoesNotEndTheSubject() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        let connection = upstream.subscribe(subject)
        upstream.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)

        upstream.sendSubscription(TestSubscription())
        upstream.send(3)
        upstream.send(completion: .finished)
        #expect(subscriber.values == [3])
        #expect(subscriber.completions.count == 1)
        withExtendedLifetime(connection) {}
    }
}
