import Combine
import Testing
import TimeControl

/// Work an operator has put on a scheduler holds the operator's subscription, and through it the
/// subscriber, until the work runs or is cancelled, as Apple's operators do; once it has, nothing is left.
@Suite struct SchedulerScheduledWorkLifetimeTests {
    let scheduler = VirtualTimeScheduler()

    // Apple: a delayed value still on its way keeps a subscriber that has cancelled alive until the
    // delivery's turn comes (it then delivers nothing and lets go).
    @Test func aDelayedValueKeepsACancelledSubscriberUntilItsTurnComes() {
        weak var weakSubscriber: TestSubscriber<Int, Never>?
        do {
            let upstream = TestPublisher<Int, Never>(lettingGo: .never)
            let subscriber = TestSubscriber<Int, Never>()
            weakSubscriber = subscriber
            upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
            upstream.send(1)
            subscriber.cancel()
        }
        #expect(weakSubscriber != nil)
        scheduler.run()
        #expect(weakSubscriber == nil)
    }

    // Apple: subscribe(on:) moves the cancel onto the scheduler, and until it runs the subscription
    // keeps its subscriber.
    @Test func aScheduledCancelKeepsTheSubscriberOfSubscribeOnUntilItRuns() {
        weak var weakSubscriber: TestSubscriber<Int, Never>?
        weak var weakUpstream: TestSubscription?
        do {
            let upstream = TestPublisher<Int, Never>(lettingGo: .never)
            let subscriber = TestSubscriber<Int, Never>()
            weakSubscriber = subscriber
            upstream.subscribe(on: scheduler).subscribe(subscriber)
            scheduler.run()
            weakUpstream = upstream.subscription
            subscriber.cancel()
        }
        #expect(weakSubscriber != nil)
        scheduler.run()
        #expect(weakSubscriber == nil)
        #expect(weakUpstream == nil)
    }

    // Apple: the timer of timeout(_:scheduler:) holds the subscription, and so the subscriber, until the
    // deadline ends the stream; then it is cancelled and lets go.
    @Test func timeoutsTimerKeepsTheStreamAliveUntilTheDeadlineEndsIt() {
        weak var weakSubscriber: ForgetfulSubscriber?
        do {
            let upstream = TestPublisher<Int, Never>(lettingGo: .never)
            let subscriber = ForgetfulSubscriber()
            weakSubscriber = subscriber
            upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        }
        #expect(weakSubscriber?.completions == 0)
        scheduler.run()
        #expect(weakSubscriber == nil)
    }

    // Apple: debounce's timer holds the subscription, so the last value still arrives after its quiet
    // period although nothing else holds the stream.
    @Test func debouncesTimerKeepsTheStreamAliveUntilTheQuietPeriodEnds() {
        let subscriber = ForgetfulSubscriber()
        do {
            let upstream = TestPublisher<Int, Never>(lettingGo: .never)
            upstream.debounce(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
            upstream.send(7)
        }
        scheduler.run()
        #expect(subscriber.values == [7])
    }
}

/// A subscriber that asks for everything and keeps no hold on its subscription, so that only what the
/// operator and the scheduler hold keeps a stream alive.
private final class ForgetfulSubscriber: Subscriber, @unchecked Sendable {
    private(set) var values: [Int] = []
    private(set) var completions = 0

    func receive(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        completions += 1
    }
}
