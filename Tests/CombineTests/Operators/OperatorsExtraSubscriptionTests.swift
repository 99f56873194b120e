import Combine
import Foundation
import Testing

/// What Apple's subscribers and pass-through operators do with events that come out of order: a second
/// subscription, or a value before any subscription.
@Suite struct OperatorsExtraSubscriptionTests {
    private final class Target: @unchecked Sendable {
        var value = 0
    }

    // Apple: print logs every subscription it receives, but cancels one that comes after the first (or
    // after a cancel) instead of handing the downstream a second subscription.
    @Test func printLogsAndCancelsASubscriptionThatComesSecond() {
        let stream = PrintedLines()
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        upstream.print(to: stream).subscribe(subscriber)
        let first = TestSubscription()
        let second = TestSubscription()
        upstream.sendSubscription(first)
        upstream.sendSubscription(second)
        #expect(second.cancelCount == 1)
        #expect(subscriber.subscriptionDescriptions == ["Print"])

        subscriber.cancel()
        let late = TestSubscription()
        upstream.sendSubscription(late)
        #expect(first.cancelCount == 1)
        #expect(late.cancelCount == 1)
        #expect(stream.lines.filter { $0.hasPrefix("receive subscription") }.count == 3)
    }

    // Apple: handleEvents runs its subscription closure for a second subscription too, then cancels it.
    @Test func handleEventsSeesASecondSubscriptionBeforeCancellingIt() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        var seen = 0
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        upstream.handleEvents(receiveSubscription: { _ in seen += 1 }).subscribe(subscriber)
        let first = TestSubscription()
        let second = TestSubscription()
        upstream.sendSubscription(first)
        upstream.sendSubscription(second)
        #expect(seen == 2)
        #expect(second.cancelCount == 1)
        #expect(first.cancelCount == 0)
        #expect(subscriber.subscriptionDescriptions.count == 1)
    }

    // Apple: Subscribers.Assign ignores a value that comes before its subscription.
    @Test func assignIgnoresAValueBeforeItsSubscription() {
        let target = Target()
        let assign = Subscribers.Assign(object: target, keyPath: \Target.value)
        #expect(assign.receive(12) == .none)
        #expect(target.value == 0)

        assign.receive(subscription: TestSubscription())
        _ = assign.receive(42)
        #expect(target.value == 42)
    }
}
