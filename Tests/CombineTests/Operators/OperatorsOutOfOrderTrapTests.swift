import Combine
import Testing

/// Operators that, like Apple's, stop the process when a publisher breaks the rule that the subscription
/// comes first: `prefix(while:)`, `removeDuplicates`, `tryFilter`, `tryCompactMap` and their `try` forms.
@Suite struct OperatorsOutOfOrderTrapTests {
    // Apple: prefix(while:) traps on a value that arrives before the subscription.
    @Test func prefixWhileStopsOnAValueBeforeTheSubscription() async {
        await #expect(processExitsWith: .failure) {
            let upstream = HeldSubscriberPublisher<Int, Never>()
            upstream.prefix { _ in true }.subscribe(TestSubscriber<Int, Never>())
            upstream.send(1)
        }
    }

    // Apple: removeDuplicates traps on a request made before it has a subscription to ask.
    @Test func removeDuplicatesStopsOnARequestBeforeTheSubscription() async {
        await #expect(processExitsWith: .failure) {
            let upstream = HeldSubscriberPublisher<Int, Never>()
            upstream.removeDuplicates().subscribe(TestSubscriber<Int, Never>())
            upstream.subscriberAsSubscription?.request(.max(1))
        }
    }

    // Apple: tryFilter traps on a completion that arrives before the subscription.
    @Test func tryFilterStopsOnACompletionBeforeTheSubscription() async {
        await #expect(processExitsWith: .failure) {
            let upstream = HeldSubscriberPublisher<Int, Never>()
            upstream.tryFilter { _ in true }.subscribe(TestSubscriber<Int, Error>())
            upstream.send(completion: .finished)
        }
    }

    // Apple: tryCompactMap cancelled before its subscription cancels that subscription when it comes.
    @Test func tryCompactMapCancelledEarlyCancelsTheLateSubscription() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.tryCompactMap { $0 }.subscribe(TestSubscriber<Int, Error>())
        upstream.subscriberAsSubscription?.cancel()
        let late = TestSubscription()
        upstream.sendSubscription(late)

        #expect(late.cancelCount == 1)
        #expect(late.requests.isEmpty)
    }

    // Apple: the operators that do not trap (dropFirst, output(in:), drop(while:)) let a value before
    // the subscription go by.
    @Test func dropWhileIgnoresAValueBeforeTheSubscription() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.drop { _ in false }.subscribe(subscriber)

        #expect(upstream.send(1) == .none)
        #expect(subscriber.events.isEmpty)
    }

    // Apple: catch stops on a value its subscriber has not asked for.
    @Test func catchStopsOnAValueBeyondDemand() async {
        await #expect(processExitsWith: .failure) {
            let upstream = TestPublisher<Int, ProbeError>()
            upstream.catch { _ in Just(0) }.subscribe(TestSubscriber<Int, Never>(initialDemand: .none))
            upstream.send(1)
        }
    }

    // Apple: catch stops when its upstream fails a second time, after the handler took over.
    @Test func catchStopsOnASecondUpstreamFailure() async {
        await #expect(processExitsWith: .failure) {
            let upstream = TestPublisher<Int, ProbeError>()
            upstream.catch { _ in Empty<Int, Never>(completeImmediately: false) }
                .subscribe(TestSubscriber<Int, Never>())
            upstream.send(completion: .failure(ProbeError(1)))
            upstream.send(completion: .failure(ProbeError(2)))
        }
    }

    // Apple: retry stops on a value that comes before its first subscription.
    @Test func retryStopsOnAValueBeforeTheSubscription() async {
        await #expect(processExitsWith: .failure) {
            let upstream = HeldSubscriberPublisher<Int, Never>()
            upstream.retry(1).subscribe(TestSubscriber<Int, Never>())
            upstream.send(1)
        }
    }

    // Apple: switchToLatest stops on an inner value its subscriber has not asked for.
    @Test func switchToLatestStopsOnAnInnerValueBeyondDemand() async {
        await #expect(processExitsWith: .failure) {
            let outer = PassthroughSubject<TestPublisher<Int, Never>, Never>()
            let inner = TestPublisher<Int, Never>()
            outer.switchToLatest().subscribe(TestSubscriber<Int, Never>(initialDemand: .none))
            outer.send(inner)
            inner.send(1)
        }
    }

    // Apple: switchToLatest stops when an inner publisher completes before sending its subscription.
    @Test func switchToLatestStopsOnAnInnerCompletionBeforeItsSubscription() async {
        await #expect(processExitsWith: .failure) {
            let outer = PassthroughSubject<HeldSubscriberPublisher<Int, Never>, Never>()
            let inner = HeldSubscriberPublisher<Int, Never>()
            outer.switchToLatest().subscribe(TestSubscriber<Int, Never>())
            outer.send(inner)
            inner.send(completion: .finished)
        }
    }

    // Apple: replaceError stops on a value its subscriber has not asked for.
    @Test func replaceErrorStopsOnAValueBeyondDemand() async {
        await #expect(processExitsWith: .failure) {
            let upstream = TestPublisher<Int, ProbeError>()
            upstream.replaceError(with: 0).subscribe(TestSubscriber<Int, Never>(initialDemand: .none))
            upstream.send(1)
        }
    }

    // Apple: replaceEmpty stops on a request for no values.
    @Test func replaceEmptyStopsOnARequestForNothing() async {
        await #expect(processExitsWith: .failure) {
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
            TestPublisher<Int, Never>().replaceEmpty(with: 0).subscribe(subscriber)
            subscriber.request(.none)
        }
    }
}
