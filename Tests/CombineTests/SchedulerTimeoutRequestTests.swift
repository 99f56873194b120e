import Combine
import Testing
import Workbook

/// When `timeout` starts its clock again.
@Suite struct SchedulerTimeoutRequestTests {
    let scheduler = VirtualTimeScheduler()
    let upstream = ManualUpstream<Int, SchedulerTestError>()

    // Apple: timeout restarts its timer on every downstream request, not only on values.
    @Test func aDownstreamRequestRestartsTheInterval() {
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .none)
        upstream.timeout(.milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(to: ms(80))
        subscriber.request(.max(1))
        scheduler.advance(to: ms(1000))

        #expect(subscriber.events == [.finished(at: ms(180))])
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
