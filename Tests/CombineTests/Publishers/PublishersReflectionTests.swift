import Combine
import Testing

/// What the subscriptions of the built-in publishers show to `dump`, a debugger or a playground, as
/// Apple's do.
@Suite struct PublishersReflectionTests {
    /// The labels and printed values of `subscription`'s mirror.
    private func children(of subscription: Subscription?) -> [String] {
        guard let subscription, let reflecting = behindIntrospection(subscription) as? CustomReflectable
        else { return [] }
        return reflecting.customMirror.children.map { "\($0.label ?? "-"): \($0.value)" }
    }

    /// The labels of `subscription`'s mirror.
    private func labels(of subscription: Subscription?) -> [String] {
        children(of: subscription).map { String($0.prefix { $0 != ":" }) }
    }

    // Apple: a Sequence subscription shows its sequence, and an empty one once it has finished.
    @Test func aSequenceSubscriptionShowsItsSequenceUntilItFinishes() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2].publisher.subscribe(subscriber)
        #expect(children(of: subscriber.subscription) == ["sequence: [1, 2]"])
        subscriber.request(.max(1))

        #expect(children(of: subscriber.subscription) == ["sequence: []"])
    }

    // Apple: a Record subscription shows its recorded values and completion; the values go once it has
    // played them all.
    @Test func aRecordSubscriptionShowsItsOutputAndCompletion() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Record<Int, Never>(output: [4, 5], completion: .finished).subscribe(subscriber)
        #expect(children(of: subscriber.subscription) == ["sequence: [4, 5]", "completion: finished"])
        subscriber.request(.max(2))

        #expect(children(of: subscriber.subscription) == ["sequence: []", "completion: finished"])
    }

    // Apple: the subscriptions of Just, Optional.Publisher and Result.Publisher show their value, with
    // no label, until they deliver it.
    @Test func singleValueSubscriptionsShowTheirValueUntilDelivered() {
        let subscribers = (0..<3).map { _ in TestSubscriber<Int, Never>(initialDemand: .none) }
        Just(7).subscribe(subscribers[0])
        Optional(7).publisher.subscribe(subscribers[1])
        Result<Int, Never>.success(7).publisher.subscribe(subscribers[2])
        for subscriber in subscribers {
            #expect(children(of: subscriber.subscription) == ["-: 7"])
            subscriber.request(.max(1))
            #expect(children(of: subscriber.subscription) == [])
        }
    }

    // Apple: a Future's subscription shows the future as parent and subject, its downstream and whether
    // it was asked for anything; the future goes once the outcome it was waiting for is delivered.
    @Test func aFutureSubscriptionShowsItsFutureUntilTheOutcomeIsDelivered() {
        let promise = Box<Future<Int, Never>.Promise?>(nil)
        let subscriber = TestSubscriber<Int, Never>()
        Future<Int, Never> { promise.value = $0 }.subscribe(subscriber)
        #expect(labels(of: subscriber.subscription) == ["parent", "downstream", "hasAnyDemand", "subject"])
        #expect(children(of: subscriber.subscription).first != "parent: nil")
        promise.value?(.success(1))

        #expect(children(of: subscriber.subscription).first == "parent: nil")
    }

    // Apple: an ObservableObjectPublisher subscription shows only its downstream.
    @Test func anObservableObjectPublisherSubscriptionShowsItsDownstream() {
        let subscriber = TestSubscriber<Void, Never>()
        ObservableObjectPublisher().subscribe(subscriber)

        #expect(labels(of: subscriber.subscription) == ["downstream"])
    }

    // Apple: Assign shows its object, its key path and where its subscription stands.
    @Test func assignShowsItsObjectKeyPathAndStatus() {
        final class Target { var value = 0 }
        let assign = Subscribers.Assign(object: Target(), keyPath: \.value)

        #expect(assign.customMirror.children.map(\.label) == ["object", "keyPath", "status"])
    }
}
