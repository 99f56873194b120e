import Combine
import Testing

/// What happens to the trigger publisher of `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`.
@Suite struct OperatorsUntilOutputTriggerTests {
    // Apple: prefix(untilOutputFrom:) does not cancel the trigger after its first value.
    @Test func prefixUntilOutputLeavesTheTriggerAloneAfterItsValue() {
        let upstream = TestPublisher<Int, Never>()
        let trigger = TestPublisher<Void, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber)
        trigger.send(())

        #expect(subscriber.completions == [.finished])
        #expect(trigger.subscription?.isCancelled == false)
    }

    // Apple: drop(untilOutputFrom:) does not cancel the trigger after its first value.
    @Test func dropUntilOutputLeavesTheTriggerAloneAfterItsValue() {
        let upstream = TestPublisher<Int, Never>()
        let trigger = TestPublisher<Void, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        trigger.send(())
        upstream.send(1)

        #expect(subscriber.values == [1])
        #expect(trigger.subscription?.isCancelled == false)
    }

    // Apple: prefix(untilOutputFrom:) gives its subscriber a subscription only once the upstream has sent
    // its own, so a trigger that fires first finishes the stream before any subscription, and the
    // upstream's late subscription is cancelled.
    @Test func prefixUntilOutputFinishesWithoutASubscriptionWhenTheTriggerFiresFirst() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let trigger = TestPublisher<Void, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber)
        #expect(subscriber.events.isEmpty)

        trigger.send(())
        let late = TestSubscription()
        upstream.sendSubscription(late)

        #expect(subscriber.events == [.completion(.finished)])
        #expect(late.history == [.cancelled])
        #expect(trigger.subscription?.isCancelled == false)
    }

    // Apple: when drop(untilOutputFrom:)'s trigger finishes before the upstream has subscribed, the
    // upstream's late subscription is asked for the demand gathered meanwhile instead of cancelled.
    @Test func dropUntilOutputAsksALateUpstreamForTheDemandGatheredAfterTheTriggerFinished() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.drop(untilOutputFrom: Empty<Void, Never>()).subscribe(subscriber)
        let late = TestSubscription()
        upstream.sendSubscription(late)

        #expect(subscriber.events == [.subscription("DropUntilOutput"), .completion(.finished)])
        #expect(late.history == [.requested(.max(3))])
    }
}
