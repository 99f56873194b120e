import Combine
import Testing

/// What the subscriptions of the built-in publishers show to `dump`, a debugger or a playground, as
/// Apple's do.
@Suite struct PublishersReflectionTests {
    /// The labels and printed values of `subscription`'s mirror.
    private func children(of subscription: Subscription?) -> [String] {
        guard let subscription, let reflecting = subscription as? CustomReflectable else { return [] }
        return reflecting.customMirror.children.map { "\($0.label ?? "-"): \($0.value)" }
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
}
