/// A publisher you can push values into: what it is sent, it passes on to its subscribers.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Passes `value` on to every subscriber that has demand for it.
    func send(_ value: Self.Output)

    /// Ends the subject: every subscriber, and every later one, receives `completion`.
    func send(completion: Subscribers.Completion<Self.Failure>)

    /// Takes an upstream subscription (the subject is subscribed to a publisher) and asks it for values.
    func send(subscription: Subscription)
}

extension Subject where Self.Output == () {
    /// Sends the one value a `Void` subject can carry.
    public func send() {
        send(())
    }
}

extension Publisher {
    /// Feeds this publisher's values and completion into `subject`, until the returned cancellable ends it.
    public func subscribe<S>(_ subject: S) -> AnyCancellable
    where S: Subject, Self.Failure == S.Failure, Self.Output == S.Output {
        let subscriber = SubjectSubscriber(subject)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}

/// Connects a publisher to a subject; to the subject it is the upstream subscription. Behind both
/// `subscribe(_:)` with a subject and `AnySubscriber(subject)`.
///
/// It holds the subject weakly, as Apple's does: a connected `multicast(subject:)` lets its subject go
/// once nothing else holds it (OpenCombine's `MulticastTests.testDeallocateConnectedMulticastBeforeCancelling`
/// records Apple's), and the subject, going, cancels the connection. What keeps a subject alive is its
/// holders and its subscribers' subscriptions (`SubjectCore.attach(_:holding:)`). As with Apple's, a
/// value or a completion that comes before the upstream's subscription is ignored.
internal final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private weak var subject: Downstream?
    private var slot = SubscriptionSlot.awaiting

    init(_ subject: Downstream) {
        self.subject = subject
    }

    deinit {
        lock.deallocate()
    }

    var description: String { "Subject" }

    var customMirror: Mirror {
        Mirror(self, children: ["downstreamSubject": subject as Any])
    }

    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        lock.lock()
        guard let subject, slot.accept(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        subject.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let subject = if case .holding = slot { self.subject } else { Downstream?.none }
        lock.unlock()
        subject?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .holding = slot else {
            lock.unlock()
            return
        }
        let subject = self.subject
        self.subject = nil
        _ = slot.finish()
        lock.unlock()
        subject?.send(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard case .holding(let subscription) = slot else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    func cancel() {
        lock.lock()
        subject = nil
        let subscription = slot.finish()
        lock.unlock()
        subscription?.cancel()
    }
}
