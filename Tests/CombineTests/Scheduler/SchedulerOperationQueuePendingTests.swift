import Combine
import Foundation
import Synchronization
import Testing

/// An action scheduled on an `OperationQueue` for later is one of the queue's operations from the start.
@Suite struct SchedulerOperationQueuePendingTests {
    // Apple: OperationQueue.schedule(after:) adds the not-yet-due operation to the queue at once.
    @Test func aTimedActionIsOnTheQueueBeforeItIsDue() {
        let queue = OperationQueue()
        queue.schedule(after: queue.now.advanced(by: 600)) {}

        #expect(queue.operationCount == 1)
        queue.cancelAllOperations()
    }

    // Apple: waitUntilAllOperationsAreFinished() waits for an action scheduled for later.
    @Test func waitingForTheQueueWaitsForATimedAction() {
        let queue = OperationQueue()
        let ran = Atomic<Bool>(false)
        queue.schedule(after: queue.now.advanced(by: .milliseconds(50))) {
            ran.store(true, ordering: .relaxed)
        }
        queue.waitUntilAllOperationsAreFinished()

        let didRun = ran.load(ordering: .relaxed)
        #expect(didRun)
    }

    // Apple: cancelAllOperations() cancels a timed action that is not yet due, so it never runs.
    @Test func cancellingTheQueuesOperationsDropsAPendingTimedAction() {
        let queue = OperationQueue()
        let ran = Atomic<Bool>(false)
        // Suspended, the queue starts nothing, so the action cannot run before the cancel however
        // late this thread gets to it; its due time may pass meanwhile.
        queue.isSuspended = true
        queue.schedule(after: queue.now.advanced(by: .milliseconds(20))) {
            ran.store(true, ordering: .relaxed)
        }
        queue.cancelAllOperations()
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
        #expect(queue.operationCount == 0)

        // A later action gives the cancelled one time to have run, had it still been scheduled.
        queue.schedule(after: queue.now.advanced(by: .milliseconds(100))) {}
        queue.waitUntilAllOperationsAreFinished()
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
    }
}

/// The operation an `OperationQueue` scheduler adds for timed and repeating work, as Apple's is.
@Suite struct SchedulerOperationQueueOperationTests {
    /// Records the operations added to it.
    private final class RecordingQueue: OperationQueue, @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Operation] = []

        var added: [Operation] { lock.withLock { recorded } }

        override func addOperation(_ op: Operation) {
            lock.withLock { recorded.append(op) }
            super.addOperation(op)
        }
    }

    // Apple: an operation added for work not yet due is not ready, whether it runs once or repeats.
    // Due in ten minutes, so however late this thread reads it, the time cannot have come.
    @Test func anOperationIsNotReadyBeforeItsWorkIsDue() {
        let queue = RecordingQueue()
        let dueLater = queue.now.advanced(by: 600)
        queue.schedule(after: dueLater) {}
        let repeating = queue.schedule(after: dueLater, interval: .milliseconds(10)) {}

        #expect(queue.added.count == 2)
        #expect(queue.added.allSatisfy { !$0.isReady })
        repeating.cancel()
        queue.cancelAllOperations()
    }

    // Apple: the pending operation is a cancellable one, and runs its action once.
    @Test func aTimedActionIsACancellableOperationThatRunsOnce() {
        let queue = RecordingQueue()
        let runs = Counter()
        queue.schedule(after: queue.now.advanced(by: .milliseconds(30))) { runs.add() }

        #expect(queue.added.count == 1)
        let operation = queue.added.first
        #expect(operation is Cancellable)
        #expect(operation is BlockOperation == false)
        queue.waitUntilAllOperationsAreFinished()
        #expect(runs.value == 1)
        operation?.main()
        #expect(runs.value == 1)
    }

    // Apple: repeating work puts its first run on the queue at once, and each run adds the next.
    @Test func repeatingWorkQueuesEachRunBeforeItIsDue() {
        let queue = RecordingQueue()
        let runs = Counter()
        // Suspended until the first count, so that a busy machine cannot let the first run come
        // due, run and add the next before the count is taken.
        queue.isSuspended = true
        let cancellable = queue.schedule(
            after: queue.now.advanced(by: .milliseconds(20)), interval: .milliseconds(10)
        ) { runs.add() }
        #expect(queue.added.count == 1)
        queue.isSuspended = false

        let deadline = Date(timeIntervalSinceNow: 10)
        while runs.value < 3, Date() < deadline { usleep(1_000) }
        cancellable.cancel()
        queue.waitUntilAllOperationsAreFinished()

        #expect(runs.value >= 3)
        #expect(queue.added.count == runs.value + 1)
    }
}
