import Combine
import Testing

/// What happens to the trigger publisher of `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`.
@Suite struct OperatorsUntilOutputTriggerTests {
    // Apple: prefix(untilOutputFrom:) does not cancel the trigger after its first value.
    @Test func prefixUntilOutputLeavesTheTriggerAloneAfterItsValue() {
        let upstream = ProbePublisher<Int, Never>()
        let trigger = ProbePublisher<Void, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber)
        trigger.send(())

        #expect(subscriber.completions == [.finished])
        #expect(trigger.subscription?.isCancelled == false)
    }

    // Apple: drop(untilOutputFrom:) does not cancel the trigger after its first value.
    @Test func dropUntilOutputLeavesTheTriggerAloneAfterItsValue() {
        let upstream = ProbePublisher<Int, Never>()
        let trigger = ProbePublisher<Void, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        trigger.send(())
        upstream.send(1)

        #expect(subscriber.values == [1])
        #expect(trigger.subscription?.isCancelled == false)
    }
}
