import Combine
import Testing
import TimeControl

/// `timeout` on a scheduler that runs timed work at once stops the process, as Apple's does, rather than
/// ending the stream before its subscriber even has a subscription.
@Suite struct SchedulerTimeoutTrapTests {
    // Apple: timeout(_:scheduler:) with ImmediateScheduler crashes as soon as it is subscribed.
    @Test func timeoutOnTheImmediateSchedulerStopsTheProcessWhenSubscribed() async {
        await #expect(processExitsWith: .failure) {
            let upstream = TestPublisher<Int, Never>(lettingGo: .never)
            upstream.timeout(.seconds(1), scheduler: ImmediateScheduler.shared)
                .subscribe(TestSubscriber<Int, Never>())
        }
    }

    @Test func timeoutOnAVirtualClockStillEndsTheStreamAtTheDeadline() {
        let scheduler = VirtualTimeScheduler()
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, Never>()
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .seconds(1))
        #expect(subscriber.completions.count == 1)
    }
}
