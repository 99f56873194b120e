import Combine
import Dispatch
import Foundation
import Locking
import Synchronization
import Testing

/// The schedulers' time types, and the dispatch queue and immediate schedulers themselves.
@Suite struct SchedulerClockTests {
    typealias DispatchTimeType = DispatchQueue.SchedulerTimeType
    typealias DispatchStride = DispatchQueue.SchedulerTimeType.Stride

    private func instant(_ nanoseconds: UInt64) -> DispatchTimeType {
        DispatchTimeType(DispatchTime(uptimeNanoseconds: nanoseconds))
    }

    // MARK: DispatchQueue.SchedulerTimeType

    @Test func dispatchStridesCountNanosecondsAndLiteralsCountSeconds() {
        let fromInteger: DispatchStride = 2
        let fromFloat: DispatchStride = 0.25
        #expect(fromInteger.magnitude == 2_000_000_000)
        #expect(fromFloat.magnitude == 250_000_000)
        #expect(DispatchStride.seconds(1.5).magnitude == 1_500_000_000)
        #expect(DispatchStride.milliseconds(3).magnitude == 3_000_000)
        #expect(DispatchStride.microseconds(7).magnitude == 7_000)
        #expect(DispatchStride.nanoseconds(11).magnitude == 11)
        #expect(DispatchStride(exactly: 42)?.magnitude == 42_000_000_000)
        #expect(DispatchStride(exactly: UInt64.max) == nil)
        #expect(DispatchStride.seconds(2).timeInterval == .nanoseconds(2_000_000_000))
    }

    @Test func dispatchStridesConvertFromEveryDispatchTimeInterval() {
        #expect(DispatchStride(.seconds(3)) == .seconds(3))
        #expect(DispatchStride(.milliseconds(4)) == .nanoseconds(4_000_000))
        #expect(DispatchStride(.microseconds(5)) == .nanoseconds(5_000))
        #expect(DispatchStride(.nanoseconds(6)) == .nanoseconds(6))
        #expect(DispatchStride(.never).magnitude == Int.max)
    }

    @Test func dispatchStrideArithmeticWorksInNanoseconds() {
        var stride = DispatchStride.milliseconds(10)
        #expect(stride + .milliseconds(5) == .milliseconds(15))
        #expect(stride - .milliseconds(15) == .milliseconds(-5))
        stride += .milliseconds(1)
        #expect(stride == .milliseconds(11))
        stride -= .milliseconds(2)
        #expect(stride == .milliseconds(9))
        stride *= .seconds(2)
        #expect(stride == .milliseconds(18))
        #expect(-DispatchStride.seconds(1) == .seconds(-1))
        #expect(DispatchStride.milliseconds(1) < .seconds(1))
        #expect(Set([DispatchStride.seconds(1), .milliseconds(1000)]).count == 1)
    }

    @Test func dispatchTimesAdvanceAndMeasureDistanceInNanoseconds() {
        let start = instant(1_000_000)
        let later = start.advanced(by: .microseconds(250))
        #expect(later.dispatchTime.uptimeNanoseconds == 1_250_000)
        #expect(start.distance(to: later) == .microseconds(250))
        #expect(later.distance(to: start) == .microseconds(-250))
        #expect(start < later)
        #expect(later.advanced(by: .microseconds(-250)) == start)
        #expect(Set([start, instant(1_000_000)]).count == 1)
    }

    @Test func distanceToTheDistantFutureSaturatesInsteadOfOverflowing() {
        let now = DispatchTimeType(.now())
        let never = DispatchTimeType(.distantFuture)
        #expect(now.distance(to: never).magnitude == Int.max)
    }

    // Apple: an instant past Int.max nanoseconds is the longest span away, whichever way one measures.
    @Test func distanceFromBeyondIntMaxIsTheLongestSpanBothWays() {
        let start = instant(10_000)
        let beyond = DispatchTimeType(
            DispatchTime(uptimeNanoseconds: DispatchTime.distantFuture.uptimeNanoseconds - 1024))
        let edge = DispatchTimeType(DispatchTime(uptimeNanoseconds: UInt64(Int.max)))
        #expect(beyond.distance(to: start).magnitude == Int.max)
        #expect(start.distance(to: beyond).magnitude == Int.max)
        #expect(beyond.distance(to: beyond).magnitude == 0)
        #expect(edge.distance(to: start).magnitude == -(Int.max - 10_000))
    }

    @Test func dispatchTimesAndStridesSurviveACodableRoundTrip() throws {
        let time = instant(123_456_789)
        let stride = DispatchStride.milliseconds(-42)
        let decodedTime = try JSONDecoder().decode(DispatchTimeType.self, from: JSONEncoder().encode(time))
        let decodedStride = try JSONDecoder().decode(DispatchStride.self, from: JSONEncoder().encode(stride))
        #expect(decodedTime == time)
        #expect(decodedStride == stride)
        #expect(String(decoding: try JSONEncoder().encode(time), as: UTF8.self) == "123456789")
    }

    // MARK: DispatchQueue as a scheduler

    @Test func dispatchQueueSchedulesNowOnItselfAndJoinsTheGivenGroup() {
        let queue = DispatchQueue(label: "dispatch-scheduler-now")
        let key = DispatchSpecificKey<Void>()
        queue.setSpecific(key: key, value: ())
        let group = DispatchGroup()
        let ranOnQueue = Atomic<Bool>(false)
        queue.schedule(options: .init(qos: .userInitiated, group: group)) {
            ranOnQueue.store(DispatchQueue.getSpecific(key: key) != nil, ordering: .relaxed)
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let wasOnQueue = ranOnQueue.load(ordering: .relaxed)
        #expect(wasOnQueue)
    }

    @Test func dispatchQueueRunsTimedWorkNoEarlierThanItsDate() {
        let queue = DispatchQueue(label: "dispatch-scheduler-after")
        let group = DispatchGroup()
        let due = queue.now.advanced(by: .milliseconds(20))
        let ranAt = Locked<DispatchTimeType?>(nil)
        queue.schedule(after: due, tolerance: queue.minimumTolerance, options: .init(group: group)) {
            ranAt.withLock { $0 = queue.now }
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let ran = ranAt.withLock { $0 }
        #expect(ran.map { $0 >= due } == true)
    }

    @Test func dispatchQueueRepeatsUntilCancelled() {
        let queue = DispatchQueue(label: "dispatch-scheduler-repeat")
        let runs = Atomic<Int>(0)
        let thirdRun = DispatchSemaphore(value: 0)
        let repeating = queue.schedule(after: queue.now, interval: .milliseconds(5)) {
            if runs.add(1, ordering: .relaxed).newValue == 3 { thirdRun.signal() }
        }
        #expect(thirdRun.wait(timeout: .now() + 120) == .success)
        repeating.cancel()
        // The timer's handler runs on the queue, so after this barrier no run is in flight.
        queue.sync {}
        let afterCancel = runs.load(ordering: .relaxed)
        // Wait, on the same queue, for a one-shot marker due well after several more intervals.
        let marker = DispatchSemaphore(value: 0)
        queue.schedule(after: queue.now.advanced(by: .milliseconds(40))) { marker.signal() }
        #expect(marker.wait(timeout: .now() + 120) == .success)
        let afterMarker = runs.load(ordering: .relaxed)
        #expect(afterMarker == afterCancel)
        #expect(queue.minimumTolerance == .zero)
    }

    @Test func delayOnADispatchQueueDeliversThereNoEarlierThanTheInterval() {
        let queue = DispatchQueue(label: "dispatch-delay")
        let key = DispatchSpecificKey<Void>()
        queue.setSpecific(key: key, value: ())
        let upstream = TestPublisher<Int, Never>(lettingGo: .onCancelOrCompletion)
        let subscriber = TestSubscriber<Int, Never>()
        let arrivals = Locked<[(onQueue: Bool, at: DispatchTime)]>([])
        subscriber.onValue { _ in
            let onQueue = DispatchQueue.getSpecific(key: key) != nil
            arrivals.withLock { $0.append((onQueue, .now())) }
        }
        upstream.delay(for: .milliseconds(30), scheduler: queue).subscribe(subscriber)
        let sent = DispatchTime.now()
        upstream.send(1)
        // The hook runs after the value is recorded, so wait for what the hook wrote.
        #expect(subscriber.wait { _ in !arrivals.withLock { $0 }.isEmpty })
        let arrival = arrivals.withLock { $0 }.first
        #expect(arrival?.onQueue == true)
        #expect(arrival.map { $0.at.uptimeNanoseconds - sent.uptimeNanoseconds >= 30_000_000 } == true)
    }

    @Test func timeoutOnADispatchQueueFailsWithTheCustomError() {
        let queue = DispatchQueue(label: "dispatch-timeout")
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TestSubscriber<Int, SchedulerTestError>()
        upstream.timeout(.milliseconds(20), scheduler: queue, customError: { .timedOut }).subscribe(
            subscriber)
        #expect(subscriber.waitForCompletion())
        #expect(subscriber.completions == [.failure(.timedOut)])
        #expect(upstream.cancelCount == 1)
    }

    // MARK: ImmediateScheduler

    @Test func immediateSchedulerRunsEverythingBeforeReturning() {
        let scheduler = ImmediateScheduler.shared
        var runs: [String] = []
        scheduler.schedule { runs.append("now") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5))) { runs.append("later") }
        let repeating = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) {
            runs.append("repeat")
        }
        repeating.cancel()
        #expect(runs == ["now", "later", "repeat"])
    }

    @Test func immediateSchedulerHasNoClock() throws {
        typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
        let scheduler = ImmediateScheduler.shared
        #expect(scheduler.now.distance(to: scheduler.now.advanced(by: 9)) == 0)
        #expect(Stride.seconds(3) == 0)
        #expect(Stride.milliseconds(3) == .zero)
        #expect(scheduler.minimumTolerance == 0)
        let literal: Stride = 4
        #expect((literal + Stride(2)).magnitude == 6)
        #expect((literal * 2 - 1).magnitude == 7)
        #expect(Stride(floatLiteral: 2.9).magnitude == 2)
        #expect(Stride(exactly: UInt64.max) == nil)
        let decoded = try JSONDecoder().decode(Stride.self, from: JSONEncoder().encode(literal))
        #expect(decoded == literal)
    }

    // Apple archives an immediate scheduler's stride as a keyed container with one key, "magnitude".
    @Test func immediateStrideArchivesAsAKeyedMagnitude() throws {
        let stride: ImmediateScheduler.SchedulerTimeType.Stride = -42
        #expect(String(decoding: try JSONEncoder().encode(stride), as: UTF8.self) == #"{"magnitude":-42}"#)
    }

    @Test func immediateSchedulerDeliversReceiveOnSynchronously() {
        let subscriber = TestSubscriber<Int, Never>()
        let upstream = TestPublisher<Int, Never>(lettingGo: .onCancelOrCompletion)
        upstream.receive(on: ImmediateScheduler.shared).subscribe(subscriber)
        upstream.send(1)
        #expect(subscriber.values == [1])
    }
}
