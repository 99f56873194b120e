import Combine
import Foundation
import Testing

/// When operators read their scheduler's clock, as Apple's read it: a scheduler a learner writes can
/// see every read of `now`.
@Suite struct SchedulerClockReadTests {
    /// Runs everything at once, like `ImmediateScheduler`, and counts the reads of `now`.
    private struct CountingScheduler: Scheduler {
        typealias SchedulerTimeType = ImmediateScheduler.SchedulerTimeType
        typealias SchedulerOptions = Never

        let reads: Box<Int>

        var now: SchedulerTimeType {
            reads.value += 1
            return ImmediateScheduler.shared.now
        }

        var minimumTolerance: SchedulerTimeType.Stride { .zero }

        func schedule(options: Never?, _ action: @escaping () -> Void) { action() }

        func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
            _ action: @escaping () -> Void
        ) { action() }

        func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
            tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
        ) -> Cancellable {
            action()
            return AnyCancellable {}
        }
    }

    // Apple: throttle reads the clock when it is made and when subscribed, on each value it takes,
    // when it sends a value with no completion behind it, and on the completion.
    @Test func throttleReadsTheClockAtEachStepAsApplesDoes() {
        let reads = Box(0)
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.throttle(for: .seconds(1), scheduler: CountingScheduler(reads: reads), latest: true)
            .subscribe(subscriber)
        #expect(reads.value == 2)
        upstream.send(1)
        #expect(reads.value == 4)
        upstream.send(completion: .finished)

        #expect(reads.value == 5)
        #expect(subscriber.events == [.subscription("Throttle"), .value(1), .completion(.finished)])
    }
}
