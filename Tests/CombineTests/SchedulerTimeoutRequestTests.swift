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
}
