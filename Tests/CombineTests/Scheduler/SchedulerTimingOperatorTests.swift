import Combine
import Testing
import TimeControl

/// The time-based operators on a virtual clock: at which instant each value and completion arrives.
@Suite struct SchedulerTimingOperatorTests {
    let scheduler = VirtualTimeScheduler()
    let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)

    // MARK: delay

    @Test func delayShiftsEveryValueAndTheCompletionByTheInterval() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.delay(for: .milliseconds(500), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance(to: ms(100))
        upstream.send(2)
        scheduler.advance(to: ms(250))
        upstream.send(completion: .finished)
        scheduler.advance(to: ms(499))
        #expect(subscriber.events.isEmpty)
        scheduler.run()
        #expect(
            subscriber.events == [.value(1, at: ms(500)), .value(2, at: ms(600)), .finished(at: ms(750))])
        #expect(subscriber.descriptions == ["Delay"])
    }

    @Test func delayDelaysAFailureToo() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.delay(for: .seconds(2), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(to: ms(10))
        upstream.send(completion: .failure(.upstreamFailed))
        scheduler.run()
        #expect(subscriber.events == [.failure(.upstreamFailed, at: ms(2010))])
    }

    @Test func delayPassesDemandUpAndRequestsWhatEachDeliveryAsksFor() {
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .max(2), demandPerValue: .max(1))
        upstream.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)
        #expect(upstream.requests == [.max(2)])
        #expect(upstream.send(1) == .none)
        #expect(upstream.requests == [.max(2)])
        scheduler.run()
        #expect(upstream.requests == [.max(2), .max(1)])
    }

    @Test func delayDeliversNothingAfterCancel() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.delay(for: .milliseconds(500), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        subscriber.cancel()
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.events.isEmpty)
    }

    @Test func delayCancelReachesTheUpstream() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.delay(for: .milliseconds(500), scheduler: scheduler).subscribe(subscriber)
        subscriber.cancel()
        subscriber.cancel()
        #expect(upstream.cancelCount == 1)
    }

    // MARK: debounce

    @Test func debouncePublishesOnlyTheLastValueOfABurstAfterAQuietPeriod() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.debounce(for: .milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance(to: ms(50))
        upstream.send(2)
        scheduler.advance(to: ms(120))
        upstream.send(3)
        scheduler.advance(to: ms(400))
        upstream.send(4)
        scheduler.advance(to: ms(1000))
        #expect(subscriber.events == [.value(3, at: ms(220)), .value(4, at: ms(500))])
        #expect(subscriber.descriptions == ["Debounce"])
        #expect(upstream.requests == [.unlimited])
    }

    @Test func debounceFinishesAtOnceAndDropsTheValueStillWaiting() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.debounce(for: .milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance(to: ms(50))
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.events == [.finished(at: ms(50))])
    }

    @Test func debounceDropsAValueThatFallsDueWithoutDemand() {
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .max(1))
        upstream.debounce(for: .milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance(to: ms(200))
        upstream.send(2)
        scheduler.advance(to: ms(400))
        subscriber.request(.max(1))
        upstream.send(3)
        scheduler.advance(to: ms(600))
        #expect(subscriber.events == [.value(1, at: ms(100)), .value(3, at: ms(500))])
    }

    @Test func debounceCancelDropsTheWaitingValueAndItsTimer() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.debounce(for: .milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        #expect(scheduler.scheduledActionCount == 1)
        subscriber.cancel()
        #expect(scheduler.scheduledActionCount == 0)
        #expect(upstream.cancelCount == 1)
        scheduler.run()
        #expect(subscriber.events.isEmpty)
    }

    // MARK: throttle

    /// Values at 0, 30, 60, 150, 260 ms and one long after, through a 100 ms throttle.
    private func throttled(latest: Bool) -> [Timed<Int>] {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.throttle(for: .milliseconds(100), scheduler: scheduler, latest: latest).subscribe(subscriber)
        for (value, instant) in [(1, 0), (2, 30), (3, 60), (4, 150), (5, 260), (6, 1000)] {
            scheduler.advance(to: ms(instant))
            upstream.send(value)
        }
        scheduler.advance(to: ms(2000))
        return subscriber.events
    }

    @Test func throttlePublishesTheFirstValueAtOnceThenTheFirstOfEachInterval() {
        #expect(
            throttled(latest: false) == [
                .value(1, at: ms(0)), .value(2, at: ms(100)), .value(4, at: ms(200)), .value(5, at: ms(300)),
                .value(6, at: ms(1000)),
            ])
    }

    @Test func throttleWithLatestPublishesTheMostRecentValueOfEachInterval() {
        #expect(
            throttled(latest: true) == [
                .value(1, at: ms(0)), .value(3, at: ms(100)), .value(4, at: ms(200)), .value(5, at: ms(300)),
                .value(6, at: ms(1000)),
            ])
    }

    @Test func throttleCompletionWaitsForTheValueAlreadyDue() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance(to: ms(30))
        upstream.send(2)
        scheduler.advance(to: ms(40))
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.events == [.value(1, at: ms(0)), .value(2, at: ms(100)), .finished(at: ms(100))])
        #expect(subscriber.descriptions == ["Throttle"])
    }

    @Test func throttleDropsValuesThatArriveWithoutDemand() {
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .max(1))
        upstream.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance(to: ms(500))
        upstream.send(2)
        scheduler.advance(to: ms(700))
        subscriber.request(.max(1))
        upstream.send(3)
        scheduler.run()
        #expect(subscriber.events == [.value(1, at: ms(0)), .value(3, at: ms(700))])
        #expect(upstream.requests == [.unlimited])
    }

    @Test func throttleDeliversNothingAfterCancel() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.throttle(for: .milliseconds(100), scheduler: scheduler, latest: false).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance()
        upstream.send(2)
        subscriber.cancel()
        scheduler.run()
        #expect(subscriber.events == [.value(1, at: ms(0))])
        #expect(upstream.cancelCount == 1)
    }

    // MARK: timeout

    @Test func timeoutFinishesWhenNothingArrivesWithinTheInterval() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.timeout(.milliseconds(100), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(to: ms(99))
        #expect(subscriber.events.isEmpty)
        scheduler.advance(to: ms(1000))
        #expect(subscriber.events == [.finished(at: ms(100))])
        #expect(upstream.cancelCount == 1)
        #expect(subscriber.descriptions == ["Timeout"])
    }

    @Test func timeoutRestartsTheIntervalAfterEachValue() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.timeout(.milliseconds(100), scheduler: scheduler, customError: { .timedOut })
            .subscribe(subscriber)
        scheduler.advance(to: ms(50))
        upstream.send(1)
        scheduler.advance(to: ms(120))
        upstream.send(2)
        scheduler.advance(to: ms(1000))
        #expect(
            subscriber.events == [
                .value(1, at: ms(50)), .value(2, at: ms(120)), .failure(.timedOut, at: ms(220)),
            ]
        )
        #expect(scheduler.scheduledActionCount == 0)
    }

    @Test func timeoutNeverFiresOnceTheUpstreamHasFinished() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.timeout(.milliseconds(100), scheduler: scheduler, customError: { .timedOut })
            .subscribe(subscriber)
        scheduler.advance(to: ms(50))
        upstream.send(completion: .finished)
        #expect(scheduler.scheduledActionCount == 1)
        scheduler.advance(to: ms(1000))
        #expect(subscriber.events == [.finished(at: ms(50))])
        #expect(upstream.cancelCount == 0)
    }

    @Test func timeoutCancelStopsItsClock() {
        let subscriber = TimedSubscriber<Int>(on: scheduler)
        upstream.timeout(.milliseconds(100), scheduler: scheduler, customError: { .timedOut })
            .subscribe(subscriber)
        subscriber.cancel()
        #expect(scheduler.scheduledActionCount == 0)
        scheduler.run()
        #expect(subscriber.events.isEmpty)
        #expect(upstream.cancelCount == 1)
    }

    @Test func timeoutHonoursDemand() {
        let subscriber = TimedSubscriber<Int>(on: scheduler, initialDemand: .max(1), demandPerValue: .max(2))
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        #expect(upstream.requests == [.max(1)])
        upstream.send(1)
        scheduler.advance()
        #expect(upstream.requests == [.max(1), .max(2)])
    }

    // MARK: measureInterval

    @Test func measureIntervalReportsTheTimeSinceThePreviousValue() {
        let subscriber = TimedSubscriber<VirtualTimeScheduler.SchedulerTimeType.Stride>(on: scheduler)
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        scheduler.advance(to: ms(100))
        upstream.send(1)
        scheduler.advance(to: ms(350))
        upstream.send(2)
        upstream.send(3)
        upstream.send(completion: .finished)
        #expect(
            subscriber.events == [
                .value(.milliseconds(100), at: ms(100)), .value(.milliseconds(250), at: ms(350)),
                .value(.zero, at: ms(350)), .finished(at: ms(350)),
            ])
        #expect(subscriber.descriptions == ["MeasureInterval"])
    }
}

/// What every time-based operator owes once it is cancelled, and to a re-entrant subscriber.
@Suite struct SchedulerOperatorLifecycleTests {
    enum Operator: String, CaseIterable {
        case receiveOn, delay, debounce, throttle, timeout, collectByTime
    }

    /// The operator applied to `upstream`, on `scheduler`, with its values shown as `Int`s.
    private func pipeline(
        _ kind: Operator, _ upstream: TestPublisher<Int, SchedulerTestError>,
        _ scheduler: VirtualTimeScheduler
    ) -> AnyPublisher<Int, SchedulerTestError> {
        switch kind {
        case .receiveOn: upstream.receive(on: scheduler).eraseToAnyPublisher()
        case .delay: upstream.delay(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
        case .debounce: upstream.debounce(for: .seconds(1), scheduler: scheduler).eraseToAnyPublisher()
        case .throttle:
            upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).eraseToAnyPublisher()
        case .timeout: upstream.timeout(.seconds(1), scheduler: scheduler).eraseToAnyPublisher()
        case .collectByTime:
            upstream.collect(.byTime(scheduler, .seconds(1))).map { $0.reduce(0, +) }.eraseToAnyPublisher()
        }
    }

    @Test(arguments: Operator.allCases)
    func cancelReleasesTheSubscriberAndDeliversNothing(_ kind: Operator) {
        let scheduler = VirtualTimeScheduler()
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        weak var released: TimedSubscriber<Int>?
        do {
            let subscriber = TimedSubscriber<Int>(on: scheduler)
            released = subscriber
            pipeline(kind, upstream, scheduler).subscribe(subscriber)
            upstream.send(1)
            subscriber.cancel()
            upstream.send(2)
            scheduler.run()
            #expect(subscriber.events.isEmpty)
        }
        #expect(released == nil)
        #expect(upstream.cancelCount == 1)
        #expect(scheduler.scheduledActionCount == 0)
    }

    @Test(arguments: Operator.allCases)
    func aSubscriberThatCancelsWhileReceivingGetsNothingMore(_ kind: Operator) {
        let scheduler = VirtualTimeScheduler()
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TestSubscriber<Int, SchedulerTestError>()
        subscriber.onValue { _ in subscriber.cancel() }
        pipeline(kind, upstream, scheduler).subscribe(subscriber)
        for round in 0..<3 {
            upstream.send(round)
            scheduler.advance(by: .milliseconds(1500))
        }
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.values.count == 1)
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.cancelCount == 1)
    }
}
