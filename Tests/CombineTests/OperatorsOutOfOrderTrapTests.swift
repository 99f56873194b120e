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
}
