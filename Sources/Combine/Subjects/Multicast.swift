extension Publisher {
    /// A connectable publisher that shares one subscription to this publisher through the subject
    /// `createSubject` makes (called once, when first needed).
    public func multicast<S>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
    where S: Subject, Self.Failure == S.Failure, Self.Output == S.Output {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// A connectable publisher that shares one subscription to this publisher through `subject`.
    public func multicast<S>(subject: S) -> Publishers.Multicast<Self, S>
    where S: Subject, Self.Failure == S.Failure, Self.Output == S.Output {
        multicast { subject }
    }
}

extension Publishers {
    /// Subscribers attach to one subject; `connect()` subscribes that subject to the upstream.
    ///
    /// Subscribers see a subscription described as "Multicast".
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher
    where Upstream.Failure == SubjectType.Failure, Upstream.Output == SubjectType.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public final let upstream: Upstream
        public final let createSubject: () -> SubjectType

        private let lock = Lock()
        private var madeSubject: SubjectType?

        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        deinit {
            lock.deallocate()
        }

        public final func receive<S>(subscriber: S)
        where S: Subscriber, SubjectType.Failure == S.Failure, SubjectType.Output == S.Input {
            subject.subscribe(MulticastSubscriber(downstream: subscriber))
        }

        /// Subscribes the subject to the upstream; each call makes a new upstream subscription.
        ///
        /// As with Apple's, the connection does not keep the subject alive; this multicast and the
        /// subject's subscribers do (see `SubjectSubscriber`).
        public final func connect() -> Cancellable {
            upstream.subscribe(subject)
        }

        /// The one subject, made on first use; the closure runs outside the lock.
        private var subject: SubjectType {
            if let existing = lock.withLock({ madeSubject }) { return existing }
            let made = createSubject()
            return lock.withLock {
                if let existing = madeSubject { return existing }
                madeSubject = made
                return made
            }
        }
    }
}

/// Stands between the subject and a subscriber so that the subscriber's subscription reads "Multicast".
///
/// It lets go of the subscriber when the subscription completes or is cancelled. Demand the subscriber
/// returns from a value is asked of the subject with a request, as Apple's does, not returned.
private final class MulticastSubscriber<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
{
    private let lock = Lock()
    @exclusivity(unchecked) private var downstream: Downstream?
    @exclusivity(unchecked) private var slot = SubscriptionSlot.awaiting

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    deinit {
        lock.deallocate()
    }

    var description: String { "Multicast" }

    var customMirror: Mirror { Mirror(self, children: []) }

    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        lock.lock()
        guard let downstream, slot.accept(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Downstream.Input) -> Subscribers.Demand {
        lock.lock()
        let downstream = self.downstream
        lock.unlock()
        guard let more = downstream?.receive(input), more > .none else { return .none }
        request(more)
        return .none
    }

    func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        let downstream = self.downstream
        self.downstream = nil
        _ = slot.finish()
        lock.unlock()
        downstream?.receive(completion: completion)
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
        let released = downstream
        downstream = nil
        let subscription = slot.finish()
        lock.unlock()
        withExtendedLifetime(released) {}
        subscription?.cancel()
    }
}
