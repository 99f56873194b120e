import Dispatch
import Foundation

/// An operation queue as a scheduler: each action becomes an operation on the queue. A timed action
/// joins the queue at once, as with Apple's, and becomes ready when a dispatch timer says it is due,
/// so `operationCount`, `waitUntilAllOperationsAreFinished()` and `cancelAllOperations()` see it
/// meanwhile. Repeating work waits on a dispatch timer and adds an operation each time it falls due.
/// Either way the queue's own limits (concurrency, suspension) still apply.
extension OperationQueue: Scheduler, DateScheduler {
    public func schedule(options: OperationQueue.SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = SchedulerAction(action)
        addOperation(BlockOperation { action.run() })
    }

    public func schedule(
        after date: OperationQueue.SchedulerTimeType, tolerance: OperationQueue.SchedulerTimeType.Stride,
        options: OperationQueue.SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        enqueueDue(at: date, tolerance: tolerance, SchedulerAction(action))
    }

    /// As with Apple's, each run is an operation that joins the queue before it is due: the first at
    /// once, each next one when the one before it runs. Cancelling cancels the pending operation and
    /// adds no more.
    public func schedule(
        after date: OperationQueue.SchedulerTimeType, interval: OperationQueue.SchedulerTimeType.Stride,
        tolerance: OperationQueue.SchedulerTimeType.Stride, options: OperationQueue.SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let repeating = RepeatingRun(
            action: SchedulerAction(action), interval: interval, tolerance: tolerance)
        repeating.enqueue(on: self, at: date)
        return AnyCancellable { repeating.cancel() }
    }

    /// Adds an operation that runs `action` once `date` has come; returns it.
    @discardableResult
    fileprivate func enqueueDue(
        at date: OperationQueue.SchedulerTimeType, tolerance: OperationQueue.SchedulerTimeType.Stride,
        _ action: SchedulerAction
    ) -> DueOperation {
        let operation = DueOperation(action)
        let timer = dueTimer(at: date, tolerance: tolerance, repeating: .never)
        timer.setEventHandler {
            timer.cancel()
            operation.becomeDue()
        }
        addOperation(operation)
        timer.resume()
        return operation
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
/// `becomeDue()` is called (or once cancelled, so that a cancelled one leaves the queue at once). It
/// runs its action once, however often `main()` is called, and cancels as any `Cancellable` does.
fileprivate final class DueOperation: Operation, Cancellable, @unchecked Sendable {
    private let lock = Lock()
    private var action: SchedulerAction?
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
        let action = lock.withLock {
            defer { self.action = nil }
            return self.action
        }
        action?.run()
    }

    /// Makes the operation ready and tells its queue, which then starts it when it can.
    func becomeDue() {
        willChangeValue(forKey: "isReady")
        lock.withLock { isDue = true }
        didChangeValue(forKey: "isReady")
    }
}

/// The chain of operations behind a repeating schedule: each run, before the action, puts the next
/// one on the queue for one interval after its own due date.
private final class RepeatingRun: @unchecked Sendable {
    private let lock = Lock()
    private let action: SchedulerAction
    private let interval: OperationQueue.SchedulerTimeType.Stride
    private let tolerance: OperationQueue.SchedulerTimeType.Stride
    private var pending: DueOperation?
    private var isCancelled = false

    init(
        action: SchedulerAction, interval: OperationQueue.SchedulerTimeType.Stride,
        tolerance: OperationQueue.SchedulerTimeType.Stride
    ) {
        self.action = action
        self.interval = interval
        self.tolerance = tolerance
    }

    deinit {
        lock.deallocate()
    }

    /// Puts a run on `queue` for `date`. A run that has begun adds the next one even when the
    /// schedule is cancelled meanwhile (the next is then cancelled at once), so however a cancel
    /// falls, each run that ran its action had put its successor on the queue first.
    func enqueue(on queue: OperationQueue, at date: OperationQueue.SchedulerTimeType) {
        let run = SchedulerAction { [self] in
            guard lock.withLock({ !isCancelled }) else { return }
            enqueue(on: queue, at: date.advanced(by: interval))
            action.run()
        }
        let operation = queue.enqueueDue(at: date, tolerance: tolerance, run)
        let cancelledMeanwhile = lock.withLock {
            if !isCancelled { pending = operation }
            return isCancelled
        }
        if cancelledMeanwhile {
            operation.cancel()
        }
    }

    func cancel() {
        let pending = lock.withLock {
            isCancelled = true
            defer { self.pending = nil }
            return self.pending
        }
        pending?.cancel()
    }
}
