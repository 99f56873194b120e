import Combine
import Dispatch
import Foundation
import Locking
import Synchronization
import Testing

/// `RunLoop` and `OperationQueue` as schedulers: their time types, and where their work runs.
@Suite struct SchedulerFoundationTests {
    /// Checks a seconds-based stride type: units, literals, arithmetic and a Codable round trip.
    private func checkSecondsStride<S>(_ type: S.Type, seconds: (S) -> TimeInterval) throws
    where
        S: SchedulerTimeIntervalConvertible & SignedNumeric & Comparable & ExpressibleByFloatLiteral & Codable
    {
        #expect(seconds(2) == 2)
        #expect(seconds(0.5) == 0.5)
        #expect(seconds(.seconds(3)) == 3)
        #expect(seconds(.seconds(1.25)) == 1.25)
        #expect(seconds(.milliseconds(250)) == 0.25)
        #expect(seconds(.microseconds(5)) == 0.000_005)
        #expect(seconds(.nanoseconds(7)) == 0.000_000_007)
        #expect(seconds(S(exactly: 4)!) == 4)
        var stride: S = 1.5
        stride += .seconds(1)
        stride -= 0.5
        stride *= 2
        #expect(seconds(stride) == 4)
        #expect(seconds(stride - .seconds(5)) == -1)
        #expect(S.milliseconds(1) < S.seconds(1))
        let decoded = try JSONDecoder().decode(S.self, from: JSONEncoder().encode(stride))
        #expect(decoded == stride)
    }

    @Test func runLoopStridesCountSeconds() throws {
        try checkSecondsStride(RunLoop.SchedulerTimeType.Stride.self) { $0.timeInterval }
        #expect(RunLoop.SchedulerTimeType.Stride(3).magnitude == 3)
    }

    @Test func operationQueueStridesCountSeconds() throws {
        try checkSecondsStride(OperationQueue.SchedulerTimeType.Stride.self) { $0.timeInterval }
        #expect(OperationQueue.SchedulerTimeType.Stride(3).magnitude == 3)
    }

    @Test func dateBasedTimesAdvanceMeasureAndRoundTrip() throws {
        let origin = Date(timeIntervalSinceReferenceDate: 1_000)
        let start = RunLoop.SchedulerTimeType(origin)
        let later = start.advanced(by: .milliseconds(1500))
        #expect(later.date == Date(timeIntervalSinceReferenceDate: 1_001.5))
        #expect(start.distance(to: later) == .seconds(1.5))
        #expect(later.distance(to: start).timeInterval == -1.5)
        #expect(start < later)
        let decoded = try JSONDecoder().decode(
            RunLoop.SchedulerTimeType.self, from: JSONEncoder().encode(later))
        #expect(decoded == later)
        let queueTime = OperationQueue.SchedulerTimeType(origin).advanced(by: 2)
        #expect(queueTime.date == Date(timeIntervalSinceReferenceDate: 1_002))
        #expect(Set([queueTime, OperationQueue.SchedulerTimeType(queueTime.date)]).count == 1)
    }

    // MARK: RunLoop

    @Test func runLoopRunsImmediateTimedAndRepeatingWorkOnItsOwnThread() {
        let loop = RunLoopThread()
        defer { loop.stop() }
        let runLoop = loop.runLoop
        let onLoopThread = Locked<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        runLoop.schedule {
            onLoopThread.withLock { $0.append(loop.isCurrent) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 120) == .success)

        let due = runLoop.now.advanced(by: .milliseconds(20))
        let ranAt = Locked<Date?>(nil)
        runLoop.schedule(after: due) {
            ranAt.withLock { $0 = Date() }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 120) == .success)
        #expect(ranAt.withLock { $0 }.map { $0 >= due.date } == true)

        let ticks = Atomic<Int>(0)
        let repeating = runLoop.schedule(after: runLoop.now, interval: .milliseconds(5)) {
            if ticks.add(1, ordering: .relaxed).newValue == 3 { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 120) == .success)
        repeating.cancel()
        #expect(onLoopThread.withLock { $0 } == [true])
    }

    @Test func receiveOnARunLoopDeliversInOrderOnItsThread() {
        let loop = RunLoopThread()
        defer { loop.stop() }
        let upstream = TestPublisher<Int, Never>(lettingGo: .onCancelOrCompletion)
        let subscriber = TestSubscriber<Int, Never>()
        let offThread = Atomic<Int>(0)
        subscriber.onValue { _ in
            if !loop.isCurrent { offThread.add(1, ordering: .relaxed) }
        }
        upstream.receive(on: loop.runLoop).subscribe(subscriber)
        for value in 0..<100 { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(subscriber.waitForCompletion())
        #expect(subscriber.values == Array(0..<100))
        let deliveredOffThread = offThread.load(ordering: .relaxed)
        #expect(deliveredOffThread == 0)
    }

    // MARK: OperationQueue

    @Test func operationQueueRunsImmediateTimedAndRepeatingWorkAsItsOperations() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let onQueue = Locked<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        queue.schedule {
            onQueue.withLock { $0.append(OperationQueue.current === queue) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 120) == .success)

        let due = queue.now.advanced(by: .milliseconds(20))
        queue.schedule(after: due) {
            onQueue.withLock { $0.append(OperationQueue.current === queue && Date() >= due.date) }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 120) == .success)

        let ticks = Atomic<Int>(0)
        let repeating = queue.schedule(after: queue.now, interval: .milliseconds(5)) {
            if ticks.add(1, ordering: .relaxed).newValue == 3 { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 120) == .success)
        repeating.cancel()
        queue.waitUntilAllOperationsAreFinished()
        #expect(onQueue.withLock { $0 } == [true, true])
    }

    @Test func receiveOnASerialOperationQueueDeliversInOrder() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let upstream = TestPublisher<Int, Never>(lettingGo: .onCancelOrCompletion)
        let subscriber = TestSubscriber<Int, Never>()
        upstream.receive(on: queue).subscribe(subscriber)
        for value in 0..<100 { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(subscriber.waitForCompletion())
        #expect(subscriber.values == Array(0..<100))
    }
}

/// A thread that runs its own run loop until stopped, for tests that schedule onto a run loop
/// other than the main one.
final class RunLoopThread: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    private var thread: Thread!
    private var startedRunLoop: RunLoop?

    /// The thread's run loop, there from the moment `init` returns.
    var runLoop: RunLoop { startedRunLoop! }

    init() {
        thread = Thread { [self] in
            let runLoop = RunLoop.current
            startedRunLoop = runLoop
            // A timer far in the future keeps the loop from returning at once for want of sources.
            runLoop.add(Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }, forMode: .default)
            ready.signal()
            while !stopped.load(ordering: .acquiring) {
                _ = runLoop.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
            }
        }
        thread.start()
        ready.wait()
    }

    /// Whether the caller is running on this thread.
    var isCurrent: Bool {
        Thread.current == thread
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
    }
}
