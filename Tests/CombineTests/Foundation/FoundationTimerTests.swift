import Combine
import Foundation
import Testing

/// Timers tick on the run loop they are scheduled on; these tests schedule them on the current
/// thread's run loop and run it themselves, so every tick arrives on the test's own thread. A test
/// that needs to see that something did *not* happen compares with a second, connected timer on the
/// same run loop: the first had as many chances to tick as the second took ticks.
@Suite("Foundation: Timer.publish")
struct FoundationTimerTests {
    private let interval: TimeInterval = 0.005

    private func makeTimer() -> Timer.TimerPublisher {
        Timer.publish(every: interval, on: .current, in: .default)
    }

    @Test func nothingTicksBeforeConnect() {
        let unconnected = TestSubscriber<Date, Never>()
        makeTimer().subscribe(unconnected)
        let clock = makeTimer()
        let ticks = TestSubscriber<Date, Never>()
        clock.subscribe(ticks)
        let connection = clock.connect()
        defer { connection.cancel() }
        #expect(runCurrentRunLoop { ticks.values.count >= 5 })
        #expect(unconnected.values.isEmpty)
    }

    @Test func aConnectedTimerSendsTheSameTickToEverySubscriber() {
        let timer = makeTimer()
        let first = TestSubscriber<Date, Never>()
        let second = TestSubscriber<Date, Never>()
        timer.subscribe(first)
        let connection = timer.connect()
        defer { connection.cancel() }
        timer.subscribe(second)
        #expect(runCurrentRunLoop { second.values.count >= 3 })
        let shared = Array(first.values.suffix(second.values.count))
        #expect(shared == second.values)
        #expect(first.values == first.values.sorted())
        #expect(first.completions.isEmpty)
    }

    @Test func eachSubscriberGetsOnlyTheTicksItAskedFor() {
        let timer = makeTimer()
        let limited = TestSubscriber<Date, Never>(initialDemand: .max(2))
        let clock = TestSubscriber<Date, Never>()
        timer.subscribe(limited)
        timer.subscribe(clock)
        let connection = timer.connect()
        defer { connection.cancel() }
        #expect(runCurrentRunLoop { clock.values.count >= 6 })
        #expect(limited.values.count == 2)
        limited.request(.max(1))
        let seen = clock.values.count
        #expect(runCurrentRunLoop { clock.values.count >= seen + 2 })
        #expect(limited.values.count == 3)
    }

    @Test func cancellingTheConnectionStopsTheTimerAndConnectingAgainRestartsIt() {
        let timer = makeTimer()
        let subscriber = TestSubscriber<Date, Never>()
        timer.subscribe(subscriber)
        let connection = timer.connect()
        #expect(runCurrentRunLoop { subscriber.values.count >= 2 })
        connection.cancel()
        let ticksWhileConnected = subscriber.values.count

        let clock = makeTimer()
        let clockTicks = TestSubscriber<Date, Never>()
        clock.subscribe(clockTicks)
        let clockConnection = clock.connect()
        defer { clockConnection.cancel() }
        #expect(runCurrentRunLoop { clockTicks.values.count >= 5 })
        #expect(subscriber.values.count == ticksWhileConnected)
        #expect(subscriber.completions.isEmpty)

        let reconnection = timer.connect()
        defer { reconnection.cancel() }
        #expect(runCurrentRunLoop { subscriber.values.count > ticksWhileConnected })
    }

    @Test func connectingTwiceReturnsTheRunningConnection() {
        let timer = makeTimer()
        let first = timer.connect()
        let second = timer.connect()
        #expect(ObjectIdentifier(first as AnyObject) == ObjectIdentifier(second as AnyObject))
        first.cancel()
        let third = timer.connect()
        #expect(ObjectIdentifier(third as AnyObject) != ObjectIdentifier(first as AnyObject))
        third.cancel()
    }

    @Test func aCancelledSubscriberStopsWhileOthersKeepTicking() {
        let timer = makeTimer()
        let leaving = TestSubscriber<Date, Never>()
        let staying = TestSubscriber<Date, Never>()
        timer.subscribe(leaving)
        timer.subscribe(staying)
        let connection = timer.connect()
        defer { connection.cancel() }
        #expect(runCurrentRunLoop { leaving.values.count >= 1 })
        leaving.cancel()
        let ticksBeforeLeaving = leaving.values.count
        let seen = staying.values.count
        #expect(runCurrentRunLoop { staying.values.count >= seen + 3 })
        #expect(leaving.values.count == ticksBeforeLeaving)
    }

    @Test func anAutoconnectedTimerTicksWithOnlyItsCancellableStoredAndIsFreedOnCancel() {
        weak var released: Timer.TimerPublisher?
        var ticks = 0
        let cancellable: AnyCancellable
        do {
            let timer = makeTimer()
            released = timer
            cancellable = timer.autoconnect().sink { _ in ticks += 1 }
        }
        #expect(runCurrentRunLoop { ticks >= 3 })
        #expect(released != nil)
        cancellable.cancel()
        #expect(released == nil)
    }

    // Apple: Timer.publish ticks first one interval after connect(), not at connect.
    @Test func theFirstTickComesOneIntervalAfterConnect() {
        let timer = Timer.publish(every: 0.2, on: .current, in: .default)
        let subscriber = TestSubscriber<Date, Never>()
        timer.subscribe(subscriber)
        let connected = Date()
        let connection = timer.connect()
        defer { connection.cancel() }
        #expect(runCurrentRunLoop { !subscriber.values.isEmpty })
        // A tick is never early; the small margin covers the run loop's clock rounding.
        #expect(subscriber.values[0].timeIntervalSince(connected) > 0.19)
    }

    @Test func thePublisherKeepsWhatItWasMadeWith() {
        let timer = Timer.publish(every: 2.5, tolerance: 0.5, on: .current, in: .common)
        #expect(timer.interval == 2.5)
        #expect(timer.runLoop === RunLoop.current)
        #expect(timer.mode == .common)
        #expect(timer.options == nil)
        let subscriber = TestSubscriber<Date, Never>(initialDemand: .none)
        timer.subscribe(subscriber)
        #expect(subscriber.subscriptionDescriptions == ["Timer"])
    }

    // Apple: Timer.publish drops the tolerance it is given; the publisher's tolerance is nil.
    @Test func publishLeavesTheToleranceUnset() {
        let timer = Timer.publish(every: 2.5, tolerance: 0.5, on: .current, in: .common)
        #expect(timer.tolerance == nil)
        #expect(
            Timer.TimerPublisher(interval: 1, tolerance: 0.5, runLoop: .current, mode: .common).tolerance
                == 0.5)
    }
}

/// Runs the current thread's run loop in short slices until `condition` holds or `timeout` passes;
/// returns whether it held.
private func runCurrentRunLoop(timeout: TimeInterval = 10, until condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
    return true
}
