import Combine
import Dispatch
import Foundation
import Harness
import Locking
import Synchronization
import Testing
import TimeControl

/// What ran, in the order it ran; safe from any thread.
final class RunLog: Sendable {
    private let storage = Locked<[String]>([])

    func append(_ entry: String) {
        storage.withLock { $0.append(entry) }
    }

    var entries: [String] { storage.withLock { $0 } }
}

@Suite struct VirtualTimeSchedulerTests {
    typealias Time = VirtualTimeScheduler.SchedulerTimeType
    typealias Stride = VirtualTimeScheduler.SchedulerTimeType.Stride

    let scheduler = VirtualTimeScheduler()
    let log = RunLog()

    /// An action that logs `label` with the clock reading it ran at.
    private func record(_ label: String) -> () -> Void {
        { [scheduler, log] in log.append("\(label) \(scheduler.now)") }
    }

    private var logged: [String] { log.entries }

    @Test func clockStartsAtTheOriginAndMovesOnlyWhenAdvanced() {
        #expect(scheduler.now == Time(nanoseconds: 0))
        scheduler.advance(by: .milliseconds(250))
        #expect(scheduler.now == Time(nanoseconds: 250_000_000))
        scheduler.advance(to: Time(nanoseconds: 1_000_000_000))
        #expect(scheduler.now.nanoseconds == 1_000_000_000)
        #expect(VirtualTimeScheduler(now: Time(nanoseconds: 7)).now.nanoseconds == 7)
    }

    @Test func actionsRunAtTheirInstantInTimeOrder() {
        let start = scheduler.now
        scheduler.schedule(after: start.advanced(by: .seconds(3)), record("c"))
        scheduler.schedule(after: start.advanced(by: .seconds(1)), record("a"))
        scheduler.schedule(after: start.advanced(by: .seconds(2)), record("b"))
        scheduler.advance(by: .milliseconds(1500))
        #expect(logged == ["a t=1s"])
        #expect(scheduler.now == start.advanced(by: .milliseconds(1500)))
        scheduler.advance(by: .seconds(10))
        #expect(logged == ["a t=1s", "b t=2s", "c t=3s"])
        #expect(scheduler.now.nanoseconds == 11_500_000_000)
    }

    @Test func actionsForTheSameInstantRunInTheOrderTheyWereScheduled() {
        let due = scheduler.now.advanced(by: .seconds(1))
        for label in ["first", "second", "third"] {
            scheduler.schedule(after: due, record(label))
        }
        scheduler.advance(by: .seconds(1))
        #expect(logged == ["first t=1s", "second t=1s", "third t=1s"])
    }

    @Test func immediateWorkWaitsForTheNextAdvance() {
        scheduler.schedule(record("now"))
        #expect(logged.isEmpty)
        #expect(scheduler.scheduledActionCount == 1)
        scheduler.advance()
        #expect(logged == ["now t=0ns"])
        #expect(scheduler.now.nanoseconds == 0)
    }

    @Test func workScheduledInThePastRunsNextWithoutTurningTheClockBack() {
        scheduler.advance(by: .seconds(5))
        scheduler.schedule(after: Time(nanoseconds: 1), record("late"))
        scheduler.advance()
        #expect(logged == ["late t=5s"])
    }

    @Test func workScheduledByAnActionRunsInTheSameAdvanceWhenItFallsDue() {
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { [scheduler] in
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1)), record("inner"))
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5)), record("beyond"))
        }
        scheduler.advance(by: .seconds(3))
        #expect(logged == ["inner t=2s"])
        #expect(scheduler.scheduledActionCount == 1)
    }

    @Test func theNextDueInstantIsTheEarliestQueuedOneAndNilWhenNothingIsQueued() {
        #expect(scheduler.nextDueInstant == nil)
        scheduler.schedule(after: Time(nanoseconds: 300), record("later"))
        scheduler.schedule(after: Time(nanoseconds: 200), record("sooner"))
        #expect(scheduler.nextDueInstant == Time(nanoseconds: 200))
        scheduler.advance(by: .nanoseconds(250))
        #expect(scheduler.nextDueInstant == Time(nanoseconds: 300))
        scheduler.advance(by: .nanoseconds(50))
        #expect(scheduler.nextDueInstant == nil)
        let repeating = scheduler.schedule(
            after: scheduler.now.advanced(by: .nanoseconds(10)), interval: .nanoseconds(40), record("tick"))
        scheduler.advance(by: .nanoseconds(10))
        #expect(scheduler.nextDueInstant == Time(nanoseconds: 350))
        repeating.cancel()
        #expect(scheduler.nextDueInstant == nil)
    }

    @Test func repeatingActionsRunEveryIntervalUntilCancelled() {
        let repeating = scheduler.schedule(
            after: scheduler.now.advanced(by: .milliseconds(100)), interval: .milliseconds(250),
            record("tick"))
        scheduler.advance(by: .milliseconds(700))
        #expect(logged == ["tick t=100ms", "tick t=350ms", "tick t=600ms"])
        repeating.cancel()
        #expect(scheduler.scheduledActionCount == 0)
        scheduler.advance(by: .seconds(10))
        #expect(logged.count == 3)
    }

    @Test func aRepeatingActionInterleavesWithOneShotsByInstant() {
        let repeating = scheduler.schedule(after: scheduler.now, interval: .seconds(1), record("tick"))
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1500)), record("once"))
        scheduler.advance(by: .seconds(2))
        repeating.cancel()
        #expect(logged == ["tick t=0ns", "tick t=1s", "once t=1500ms", "tick t=2s"])
    }

    @Test func runDrainsEverythingAndLeavesTheClockAtTheLastInstant() {
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(4)), record("b"))
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2)), record("a"))
        scheduler.run()
        #expect(logged == ["a t=2s", "b t=4s"])
        #expect(scheduler.now.nanoseconds == 4_000_000_000)
        #expect(scheduler.scheduledActionCount == 0)
    }

    @Test func schedulingFromManyThreadsLosesNothing() {
        let runs = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<100 {
                let due = Time(nanoseconds: (thread * 100 + index) * 1_000)
                scheduler.schedule(after: due) { runs.add(1, ordering: .relaxed) }
            }
        }
        #expect(scheduler.scheduledActionCount == 800)
        scheduler.run()
        let ran = runs.load(ordering: .relaxed)
        #expect(ran == 800)
    }

    @Test func schedulerCanBeSharedAcrossConcurrencyDomains() async {
        let shared = scheduler
        await Task.detached { shared.advance(by: .seconds(1)) }.value
        #expect(scheduler.now.nanoseconds == 1_000_000_000)
    }

    @Test func stridesCountSecondsInLiteralsAndNanosecondsInside() throws {
        let two: Stride = 2
        let half: Stride = 0.5
        #expect(two.nanoseconds == 2_000_000_000)
        #expect(half == .milliseconds(500))
        #expect(Stride.microseconds(3) == .nanoseconds(3_000))
        #expect(Stride.seconds(1.25) == .milliseconds(1250))
        #expect(Stride(exactly: 3) == .seconds(3))
        #expect(Stride(exactly: Int.max) == nil)
        #expect((two - .seconds(3)).magnitude == 1_000_000_000)
        #expect(two + half == .milliseconds(2500))
        #expect(-half < .zero)
        #expect(Stride.milliseconds(1500).description == "1500ms")
        #expect(Stride.nanoseconds(1_001).description == "1001ns")
        #expect(Stride.zero.description == "0ns")
        #expect(Time(nanoseconds: 0).distance(to: Time(nanoseconds: 5)) == .nanoseconds(5))
        let decoded = try JSONDecoder().decode(Time.self, from: JSONEncoder().encode(Time(nanoseconds: 99)))
        #expect(decoded == Time(nanoseconds: 99))
    }

    @Test func drivesADelayedPublisherWithoutWaiting() {
        let subscriber = scheduler
        let arrivals = Locked<[Time]>([])
        let cancellable = Just(1).delay(for: .seconds(30), scheduler: scheduler)
            .sink { _ in arrivals.withLock { $0.append(subscriber.now) } }
        scheduler.advance(by: .seconds(29))
        #expect(arrivals.withLock { $0 }.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(arrivals.withLock { $0 } == [Time(nanoseconds: 30_000_000_000)])
        cancellable.cancel()
    }
}
