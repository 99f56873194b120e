import Dispatch
import Foundation

/// An operation queue as a scheduler: each action becomes an operation on the queue. A timed action
/// joins the queue at once, as with Apple's, and becomes ready when a dispatch timer says it is due,
/// so `operationCount`, `waitUntilAllOperationsAreFinished()` and `cancelAllOperations()` see it
/// meanwhile. Repeating work waits on a dispatch timer and adds an operation each time it falls due.
/// Either way the queue's own limits (concurrency, suspension) still apply.
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
        let operation = DueOperation(SchedulerAction(action))
        let timer = dueTimer(at: date, tolerance: tolerance, repeating: .never)
        timer.setEventHandler {
            timer.cancel()
            operation.becomeDue()
        }
        addOperation(operation)
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

/// A scheduled action that sits on its queue before it is due: it reports itself ready only once
/// `becomeDue()` is called (or once cancelled, so that a cancelled one leaves the queue at once).
private final class DueOperation: Operation, @unchecked Sendable {
    private let action: SchedulerAction
    private let lock = Lock()
    private var isDue = false

    init(_ action: SchedulerAction) {
        self.action = action
    }

    deinit {
        lock.deallocate()
    }

    override var isReady: Bool {
        isCancelled || (lock.withLock { isDue } && super.isReady)
    }

    override func main() {
        action.run()
    }

    /// Makes the operation ready and tells its queue, which then starts it when it can.
    func becomeDue() {
        willChangeValue(forKey: "isReady")
        lock.withLock { isDue = true }
        didChangeValue(forKey: "isReady")
    }
}
