import Combine
import Testing
import TimeControl

/// `collect(.byTime)` and `collect(.byTimeOrCount)` on a virtual clock.
@Suite struct SchedulerCollectByTimeTests {
    let scheduler = VirtualTimeScheduler()
    let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)

    /// Sends each value at its instant (milliseconds), then lets the clock run to `end`.
    private func send(_ timeline: [(value: Int, at: Int)], thenRunTo end: Int) {
        for (value, instant) in timeline {
            scheduler.advance(to: ms(instant))
            upstream.send(value)
        }
        scheduler.advance(to: ms(end))
    }

    @Test func byTimePublishesWhatEachIntervalGatheredAndSkipsEmptyIntervals() {
        let subscriber = TimedSubscriber<[Int]>(on: scheduler)
        upstream.collect(.byTime(scheduler, .milliseconds(100))).subscribe(subscriber)
        send([(1, 10), (2, 50), (3, 150), (4, 420)], thenRunTo: 600)
        #expect(
            subscriber.events == [
                .value([1, 2], at: ms(100)), .value([3], at: ms(200)), .value([4], at: ms(500)),
            ])
        #expect(subscriber.descriptions == ["CollectByTime"])
        #expect(upstream.requests == [.unlimited])
    }

    @Test func byTimeOrCountAlsoPublishesAsSoonAsAnArrayIsFull() {
        let subscriber = TimedSubscriber<[Int]>(on: scheduler)
        upstream.collect(.byTimeOrCount(scheduler, .milliseconds(100), 2)).subscribe(subscriber)
        send([(1, 10), (2, 20), (3, 30), (4, 250), (5, 260), (6, 270)], thenRunTo: 400)
        #expect(
            subscriber.events == [
                .value([1, 2], at: ms(20)), .value([3], at: ms(100)), .value([4, 5], at: ms(260)),
                .value([6], at: ms(300)),
            ])
    }

    @Test func finishingPublishesWhatWasGatheredThenFinishes() {
        let subscriber = TimedSubscriber<[Int]>(on: scheduler)
        upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)
        send([(1, 10), (2, 20)], thenRunTo: 30)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.events == [.value([1, 2], at: ms(30)), .finished(at: ms(30))])
        #expect(scheduler.scheduledActionCount == 0)
    }

    @Test func failingDropsWhatWasGathered() {
        let subscriber = TimedSubscriber<[Int]>(on: scheduler)
        upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)
        send([(1, 10)], thenRunTo: 30)
        upstream.send(completion: .failure(.upstreamFailed))
        scheduler.run()
        #expect(subscriber.events == [.failure(.upstreamFailed, at: ms(30))])
    }

    @Test func closedArraysWaitForDemandInsteadOfBeingDropped() {
        let subscriber = TimedSubscriber<[Int]>(on: scheduler, initialDemand: .max(1))
        upstream.collect(.byTime(scheduler, .milliseconds(100))).subscribe(subscriber)
        send([(1, 10), (2, 110), (3, 210)], thenRunTo: 350)
        #expect(subscriber.events == [.value([1], at: ms(100))])
        subscriber.request(.max(5))
        scheduler.advance()
        #expect(
            subscriber.events == [
                .value([1], at: ms(100)), .value([2], at: ms(350)), .value([3], at: ms(350)),
            ])
    }

    @Test func cancelStopsTheIntervalsAndTheUpstream() {
        let subscriber = TimedSubscriber<[Int]>(on: scheduler)
        upstream.collect(.byTime(scheduler, .milliseconds(100))).subscribe(subscriber)
        upstream.send(1)
        #expect(scheduler.scheduledActionCount == 1)
        subscriber.cancel()
        #expect(scheduler.scheduledActionCount == 0)
        #expect(upstream.cancelCount == 1)
        scheduler.run()
        #expect(subscriber.events.isEmpty)
    }
}
