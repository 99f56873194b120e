import Combine
import Testing
import Workbook

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
}
