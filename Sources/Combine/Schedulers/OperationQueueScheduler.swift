import Dispatch
import Foundation

/// An operation queue as a scheduler: each action becomes a block operation on the queue. Timed
/// and repeating work waits on a dispatch timer and joins the queue when it falls due, so the
/// queue's own limits (concurrency, suspension) still apply to it.
extension OperationQueue: Scheduler {
    /// An instant on the wall clock.
    public struct SchedulerTimeType: DateSchedulerTime {
        public var date: Date

        public init(_ date: Date) {
            self.date = date
        }

        /// A span of wall-clock time in seconds.
        public struct Stride: SecondsStride {
            public typealias FloatLiteralType = TimeInterval
            public typealias IntegerLiteralType = TimeInterval
            public typealias Magnitude = TimeInterval

            public var magnitude: TimeInterval

            /// The span in seconds.
            public var timeInterval: TimeInterval {
                magnitude
            }

            public init(_ timeInterval: TimeInterval) {
                magnitude = timeInterval
            }
        }
    }

    /// An operation queue takes no scheduling options.
    public struct SchedulerOptions {}

    public var now: OperationQueue.SchedulerTimeType {
        SchedulerTimeType(Date())
    }

    public var minimumTolerance: OperationQueue.SchedulerTimeType.Stride {
        0
    }

    public func schedule(options: OperationQueue.SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = SchedulerAction(action)
        addOperation(BlockOperation { action.run() })
    }

    public func schedule(
        after date: OperationQueue.SchedulerTimeType, tolerance: OperationQueue.SchedulerTimeType.Stride,
        options: OperationQueue.SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        let timer = dueTimer(at: date, tolerance: tolerance, repeating: .never)
        let action = SchedulerAction(action)
        timer.setEventHandler {
            timer.cancel()
            self.addOperation(BlockOperation { action.run() })
        }
        timer.resume()
    }

    /// Cancelling stops the timer; an operation already on the queue still runs.
    public func schedule(
        after date: OperationQueue.SchedulerTimeType, interval: OperationQueue.SchedulerTimeType.Stride,
        tolerance: OperationQueue.SchedulerTimeType.Stride, options: OperationQueue.SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let nanoseconds = Int((interval.timeInterval * 1_000_000_000).rounded())
        let timer = dueTimer(
            at: date, tolerance: tolerance, repeating: .nanoseconds(Swift.max(nanoseconds, 1)))
        let action = SchedulerAction(action)
        timer.setEventHandler {
            self.addOperation(BlockOperation { action.run() })
        }
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }

    /// A timer that first fires at `date` on the wall clock; the caller sets its handler and resumes it.
    private func dueTimer(
        at date: OperationQueue.SchedulerTimeType, tolerance: OperationQueue.SchedulerTimeType.Stride,
        repeating: DispatchTimeInterval
    ) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let leeway = Int((Swift.max(tolerance.timeInterval, 0) * 1_000_000_000).rounded())
        timer.schedule(
            wallDeadline: .now() + Swift.max(date.date.timeIntervalSinceNow, 0), repeating: repeating,
            leeway: .nanoseconds(leeway))
        return timer
    }
}
