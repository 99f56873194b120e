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
        queue.schedule(after: queue.now.advanced(by: .milliseconds(20))) {
            ran.store(true, ordering: .relaxed)
        }
        queue.cancelAllOperations()
        queue.waitUntilAllOperationsAreFinished()
        #expect(queue.operationCount == 0)

        // A later action gives the cancelled one time to have run, had it still been scheduled.
        queue.schedule(after: queue.now.advanced(by: .milliseconds(100))) {}
        queue.waitUntilAllOperationsAreFinished()
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
    }
}
