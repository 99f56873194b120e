import Combine
import Foundation

/// A publisher that keeps its subscriber and does nothing until the test says so: it hands over a
/// subscription only on `sendSubscription(_:)`, and passes on any value or completion it is told to,
/// before or after that, so a test can see what a subscriber does with events out of the usual order.
final class HeldSubscriberPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Output, Failure>?
    private var rawSubscriber: Any?

    init() {}

    var hasSubscriber: Bool { lock.withLock { subscriber != nil } }

    /// The subscriber itself, when it is also a subscription (as an operator's inner object often is),
    /// so a test can call it before it has a subscription of its own.
    var subscriberAsSubscription: Subscription? { subscriberItself as? Subscription }

    /// The operator's own subscriber, behind any introspection stand-in, for tests that look at it.
    var subscriberItself: Any? { heldSubscriber.map(behindIntrospection) }

    /// The subscriber as the publisher was given it: a stand-in while an `_Introspection` observer
    /// is enabled anywhere in the process (another test's, running in parallel).
    var heldSubscriber: Any? {
        lock.lock()
        defer { lock.unlock() }
        return rawSubscriber
    }

    func receive<S>(subscriber: S) where S: Subscriber, S.Input == Output, S.Failure == Failure {
        lock.withLock {
            self.subscriber = AnySubscriber(subscriber)
            rawSubscriber = subscriber
        }
    }

    func sendSubscription(_ subscription: Subscription) {
        lock.withLock { subscriber }?.receive(subscription: subscription)
    }

    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        lock.withLock { subscriber }?.receive(value) ?? .none
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.withLock { subscriber }?.receive(completion: completion)
    }
}
