import Combine
import Testing
import TimeControl

/// `switchToLatest` when the outer publisher finishes before its latest inner one has subscribed.
@Suite struct OperatorsSwitchToLatestLateInnerTests {
    // Apple: an inner publisher whose subscription arrives after the outer finished is still followed.
    @Test func anInnerSubscribedAfterTheOuterFinishedStillDeliversItsValues() {
        let scheduler = VirtualTimeScheduler()
        let outer = PassthroughSubject<AnyPublisher<Int, Never>, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)
        outer.send(Just(1).subscribe(on: scheduler).eraseToAnyPublisher())
        outer.send(completion: .finished)
        scheduler.run()

        #expect(subscriber.events == [.subscription("SwitchToLatest"), .value(1), .completion(.finished)])
    }

    // Apple: when the outer publisher fails while the latest inner one has not sent its subscription,
    // that late subscription is still asked for the downstream's demand, though nothing it sends goes on.
    @Test func anInnerSubscribingAfterTheOuterFailedIsStillAskedForValues() {
        let outer = TestPublisher<HeldSubscriberPublisher<Int, ProbeError>, ProbeError>()
        let inner = HeldSubscriberPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        outer.switchToLatest().subscribe(subscriber)
        outer.send(inner)
        outer.send(completion: .failure(ProbeError(5)))
        let late = TestSubscription()
        inner.sendSubscription(late)
        inner.send(1)

        #expect(late.history == [.requested(.unlimited)])
        #expect(subscriber.events == [.subscription("SwitchToLatest"), .completion(.failure(ProbeError(5)))])
    }
}
