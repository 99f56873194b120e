import Combine
import Testing
import TimeControl

/// A completion that `delay` or `receive(on:)` has already scheduled still reaches a subscriber that
/// cancels before its turn comes, as Apple's does (recorded in OpenCombine's `DelayTests` and
/// `ReceiveOnTests`, `testStrongCaptureWhenSchedulingCompletion`): once the upstream has completed,
/// a cancel no longer stops anything.
@Suite struct SchedulerScheduledCompletionTests {
    /// The operators that schedule their completion, on the virtual clock.
    enum Operator: CaseIterable, CustomTestStringConvertible {
        case delay
        case receiveOn

        var testDescription: String { self == .delay ? "delay" : "receive(on:)" }

        func subscribe(
            _ subscriber: TestSubscriber<Int, TestError>, to upstream: TestPublisher<Int, TestError>,
            on scheduler: VirtualTimeScheduler
        ) {
            switch self {
            case .delay: upstream.delay(for: .milliseconds(350), scheduler: scheduler).subscribe(subscriber)
            case .receiveOn: upstream.receive(on: scheduler).subscribe(subscriber)
            }
        }
    }

    // Apple: the scheduled `.finished` is delivered after the cancel, when its turn comes.
    @Test(arguments: Operator.allCases)
    func aScheduledCompletionStillArrivesAfterACancel(operator: Operator) {
        let scheduler = VirtualTimeScheduler()
        let upstream = TestPublisher<Int, TestError>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, TestError>()
        `operator`.subscribe(subscriber, to: upstream, on: scheduler)
        scheduler.run()

        upstream.send(completion: .finished)
        subscriber.cancel()
        #expect(subscriber.completions.isEmpty, "delivered before its turn")
        scheduler.run()

        #expect(subscriber.completions == [.finished])
    }

    // Apple's recorded case is `.finished`; a failure takes the same path.
    @Test(arguments: Operator.allCases)
    func aScheduledFailureStillArrivesAfterACancel(operator: Operator) {
        let scheduler = VirtualTimeScheduler()
        let upstream = TestPublisher<Int, TestError>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, TestError>()
        `operator`.subscribe(subscriber, to: upstream, on: scheduler)
        scheduler.run()

        upstream.send(completion: .failure(TestError(7)))
        subscriber.cancel()
        scheduler.run()

        #expect(subscriber.completions == [.failure(TestError(7))])
    }
}
