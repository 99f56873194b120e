import Combine
import Dispatch
import Testing
import TimeControl

/// What operators hand down and ask of their upstreams, where Apple's Combine is particular about it.
@Suite struct OperatorsUpstreamSignallingTests {
    // Apple: ignoreOutput hands the upstream's own subscription downstream and requests .unlimited itself.
    @Test func ignoreOutputHandsTheUpstreamsOwnSubscriptionDown() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Never, Never>(initialDemand: .max(1))
        upstream.ignoreOutput().subscribe(subscriber)
        subscriber.cancel()

        #expect(subscriber.subscriptionDescriptions == ["TestPublisher"])
        #expect(upstream.subscription?.history == [.requested(.max(1)), .requested(.unlimited), .cancelled])
    }

    // Apple: dropFirst hands its subscription down before subscribing upstream, then asks for what
    // the downstream asked meanwhile together with the values it drops.
    @Test func dropFirstHandsItsSubscriptionDownBeforeTheUpstreamIsSubscribed() {
        let subscriber = TestSubscriber<Int, SchedulerTestError>(initialDemand: .max(2))
        let seenAtSubscribe = Box<[String]>([])
        let upstream = TestPublisher<Int, SchedulerTestError>(
            lettingGo: .onCancelOrCompletion,
            observe: { event in
                if event == .subscribe { seenAtSubscribe.value = subscriber.subscriptionDescriptions }
            })
        upstream.dropFirst(3).subscribe(subscriber)

        #expect(seenAtSubscribe.value == ["Drop"])
        #expect(upstream.requests == [.max(5)])
    }

    // Apple: buffer asks its upstream for values before handing its subscription downstream.
    @Test func bufferAsksTheUpstreamBeforeHandingItsSubscriptionDown() {
        let upstream = TestPublisher<Int, Never>()
        let askedAtHandover = Box<[TestSubscription.Event]>([])
        let subscriber = AnySubscriber<Int, Never>(receiveSubscription: { _ in
            askedAtHandover.value = upstream.subscription?.history ?? []
        })
        upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)

        #expect(askedAtHandover.value == [.requested(.max(3))])
    }

    // Apple: catch ignores a cancel that arrives while it switches to the handler's publisher.
    @Test func catchIgnoresACancelWhileSwitchingToTheReplacement() {
        let scheduler = VirtualTimeScheduler()
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.catch { _ in Just(7).subscribe(on: scheduler) }.subscribe(subscriber)
        upstream.send(completion: .failure(ProbeError(1)))
        subscriber.cancel()
        scheduler.run()

        #expect(subscriber.values == [7])
    }

    // Apple: tryCatch ignores a cancel that arrives while it switches to the handler's publisher.
    @Test func tryCatchIgnoresACancelWhileSwitchingToTheReplacement() {
        let scheduler = VirtualTimeScheduler()
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryCatch { _ in Just(7).setFailureType(to: ProbeError.self).subscribe(on: scheduler) }
            .subscribe(subscriber)
        upstream.send(completion: .failure(ProbeError(1)))
        subscriber.cancel()
        scheduler.run()

        #expect(subscriber.values == [7])
    }

    // Apple: measureInterval requests the downstream's returned demand instead of returning it.
    @Test func measureIntervalRequestsTheDemandItsDownstreamReturns() {
        let scheduler = VirtualTimeScheduler()
        let upstream = TestPublisher<Int, SchedulerTestError>(lettingGo: .onCancelOrCompletion)
        let subscriber = TestSubscriber<VirtualTime.Stride, SchedulerTestError>(
            initialDemand: .max(1), demandPerValue: .max(2))
        upstream.measureInterval(using: scheduler).subscribe(subscriber)

        #expect(upstream.send(1) == .none)
        #expect(upstream.requests == [.max(1), .max(2)])
    }

    // Apple: multicast requests the downstream's returned demand from the subject instead of returning it.
    @Test func multicastRequestsTheDemandItsDownstreamReturns() {
        let subject = DemandRecordingSubject()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(2))
        Empty<Int, Never>().multicast(subject: subject).subscribe(subscriber)
        subject.send(1)

        #expect(subject.returned.value == [.none])
        #expect(subject.publisher.subscription?.requests == [.max(1), .max(2)])
    }

    // Apple: zip cancels the upstream that failed as well as the others.
    @Test func zipCancelsTheUpstreamThatFailed() {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>()
        first.zip(second).subscribe(subscriber)
        first.send(completion: .failure(ProbeError(1)))

        #expect(first.subscription?.isCancelled == true)
        #expect(second.subscription?.isCancelled == true)
    }

    // Apple: debounce schedules its completion with options: nil, not the options it was given.
    @Test func debounceSchedulesItsCompletionWithoutOptions() {
        let scheduler = OptionsRecordingScheduler()
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.debounce(for: .seconds(1), scheduler: scheduler, options: 7).subscribe(subscriber)
        upstream.send(completion: .finished)

        #expect(scheduler.immediateOptions.value == [nil])
        #expect(subscriber.completions == [.finished])
    }

    // Apple: AnySubscriber(subject) hands the subject a subscription describing itself as "Subject".
    @Test func anySubscriberOfASubjectHandsItASubjectSubscription() {
        let spy = CoreErasureTests.SubscriptionCatchingSubject()
        AnySubscriber(spy).receive(subscription: TestSubscription())

        #expect(spy.subscriptions.map(\.description) == ["Subject"])
    }

    // Apple: AnySubscriber(subject) cancels a second subscription instead of passing it to the subject.
    @Test func anySubscriberOfASubjectFiltersASecondSubscription() {
        let spy = CoreErasureTests.SubscriptionCatchingSubject()
        let erased = AnySubscriber(spy)
        let second = TestSubscription()
        erased.receive(subscription: TestSubscription())
        erased.receive(subscription: second)

        #expect(spy.subscriptions.count == 1)
        #expect(second.cancelCount == 1)
    }

    // Apple: AnySubscriber(subject) passes the subject one completion and filters out a second.
    @Test func anySubscriberOfASubjectFiltersASecondCompletion() {
        let subject = CompletionCountingSubject()
        let erased = AnySubscriber(subject)
        erased.receive(subscription: TestSubscription())
        erased.receive(completion: .finished)
        erased.receive(completion: .finished)

        #expect(subject.completions.value == 1)
    }

    // Apple: retry lets go of its subscriber once the stream has completed.
    @Test func retryReleasesItsSubscriberAfterCompletion() {
        let upstream = TestPublisher<Int, ProbeError>()
        var subscriber: TestSubscriber<Int, ProbeError>? = TestSubscriber()
        let weak = WeakBox(object: subscriber)
        upstream.retry(1).subscribe(subscriber!)
        upstream.send(completion: .finished)
        subscriber = nil

        #expect(weak.object == nil)
    }
}

/// A subject that hands its subscriber a `TestSubscription` and records the demand each value returns.
private final class DemandRecordingSubject: Subject, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    let publisher = TestPublisher<Int, Never>(lettingGo: .never)
    let returned = Box<[Subscribers.Demand]>([])

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        publisher.receive(subscriber: subscriber)
    }

    func send(_ value: Int) {
        let demand = publisher.send(value)
        returned.mutate { $0.append(demand) }
    }

    func send(completion: Subscribers.Completion<Never>) {
        publisher.send(completion: completion)
    }

    func send(subscription: Subscription) {
        subscription.request(.unlimited)
    }
}

/// A subject that only counts the completions it is sent.
private final class CompletionCountingSubject: Subject, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    let completions = Box(0)

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}

    func send(_ value: Int) {}

    func send(completion: Subscribers.Completion<Never>) {
        completions.mutate { $0 += 1 }
    }

    func send(subscription: Subscription) {}
}

/// A scheduler that runs immediate work at once and records the options it was given; timed work
/// never runs.
private final class OptionsRecordingScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    typealias SchedulerOptions = Int

    let immediateOptions = Box<[Int?]>([])

    var now: SchedulerTimeType { SchedulerTimeType(.now()) }

    var minimumTolerance: SchedulerTimeType.Stride { .zero }

    func schedule(options: Int?, _ action: @escaping () -> Void) {
        immediateOptions.mutate { $0.append(options) }
        action()
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Int?,
        _ action: @escaping () -> Void
    ) {}

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: Int?, _ action: @escaping () -> Void
    ) -> Cancellable {
        AnyCancellable {}
    }
}
