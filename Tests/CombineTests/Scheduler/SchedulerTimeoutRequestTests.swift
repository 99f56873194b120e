import Combine
import Testing
import TimeControl

/// When `timeout` starts its clock again.
@Suite struct SchedulerTimeoutRequestTests {
    let scheduler = VirtualTimeScheduler()
    let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)

    // Apple: timeout restarts its timer on every downstream request, not only on values.
    @Test func aDownstreamRequestRestartsTheInterval() {
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .none)
        upstream.timeout(.milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(to: ms(80))
        subscriber.request(.max(1))
        scheduler.advance(to: ms(1000))

        #expect(subscriber.events == [.finished(at: ms(180))])
    }

    // Apple: only the downstream's first request restarts the interval; later ones leave it running.
    @Test func onlyTheFirstRequestRestartsTheInterval() {
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .none)
        upstream.timeout(.milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(to: ms(50))
        subscriber.request(.max(1))
        scheduler.advance(to: ms(120))
        subscriber.request(.max(1))
        scheduler.advance(to: ms(1000))

        #expect(subscriber.events == [.finished(at: ms(150))])
    }

    // Apple: a cancel that comes while the upstream's completion waits on the scheduler still reaches
    // the upstream.
    @Test func aCancelWhileTheCompletionIsOnItsWayReachesTheUpstream() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.timeout(.milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        upstream.send(completion: .finished)
        subscriber.cancel()
        scheduler.advance(to: ms(1000))

        #expect(upstream.cancelCount == 1)
        #expect(subscriber.events.isEmpty)
    }

    // Apple: receive(on:) asks the upstream for what the downstream returned from a value delivered
    // after the upstream had completed.
    @Test func demandReturnedAfterTheUpstreamCompletedIsStillRequested() {
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .max(1), demandPerValue: .max(4))
        upstream.receive(on: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .finished)
        scheduler.advance(to: ms(1))

        #expect(upstream.requests == [.max(1), .max(4)])
        #expect(subscriber.events == [.value(1, at: ms(0)), .finished(at: ms(0))])
    }

    // Apple: timeout starts its interval when the upstream's subscription arrives, even if nothing
    // is ever requested.
    @Test func theSubscriptionArrivingStartsTheInterval() {
        let upstream = LateSubscriptionPublisher()
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .none)
        upstream.timeout(.milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(to: ms(80))
        upstream.sendSubscription()
        scheduler.advance(to: ms(1000))

        #expect(subscriber.events == [.finished(at: ms(180))])
    }
}

/// Holds its subscriber and hands it a subscription only when told to, as a publisher that must
/// connect somewhere first would.
private final class LateSubscriptionPublisher: Publisher {
    typealias Output = Int
    typealias Failure = SchedulerTestError

    private var subscriber: AnySubscriber<Int, SchedulerTestError>?

    func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == SchedulerTestError {
        self.subscriber = AnySubscriber(subscriber)
    }

    func sendSubscription() {
        subscriber?.receive(subscription: Subscriptions.empty)
    }
}
