extension Publisher {
    /// Turns each value into a publisher and merges what those publishers send, running at most
    /// `maxPublishers` of them at once.
    public func flatMap<T, P>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Self.Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, P: Publisher, Self.Failure == P.Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }

    /// `flatMap` for inner publishers that cannot fail: they take on this publisher's failure type.
    public func flatMap<P>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Self.Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Self.Failure>, Self>
    where P: Publisher, P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
            transform($0).setFailureType(to: Self.Failure.self)
        }
    }
}

extension Publisher where Self.Failure == Never {
    /// `flatMap` for a publisher that cannot fail: it takes on the inner publishers' failure type.
    public func flatMap<P>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Self.Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> where P: Publisher {
        Publishers.FlatMap(
            upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers, transform: transform)
    }

    /// `flatMap` where neither this publisher nor the inner ones can fail.
    public func flatMap<P>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Self.Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P: Publisher, P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publishers {
    /// Subscribes to a publisher made from each upstream value and republishes all of their values,
    /// one at a time, in the order they arrive.
    ///
    /// It asks the upstream for `maxPublishers` values (even `.max(0)`, as Apple's does) and for one
    /// more each time an inner publisher finishes, so no more than that many run at once. It finishes
    /// when the upstream and every inner publisher have finished, and fails on the first failure from
    /// any of them, cancelling the other inner publishers; as with Apple's, the upstream is not
    /// cancelled for it.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let maxPublishers: Subscribers.Demand
        public let transform: (Upstream.Output) -> NewPublisher

        public init(
            upstream: Upstream,
            maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, NewPublisher.Output == S.Input, Upstream.Failure == S.Failure {
            let inner = Inner(downstream: subscriber, maxPublishers: maxPublishers, transform: transform)
            // As on Apple platforms, the downstream has its subscription before the upstream is asked.
            subscriber.receive(subscription: inner)
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.FlatMap {
    /// Subscribes to the upstream and to every inner publisher, and serialises what they send.
    ///
    /// Delivery follows a queue-and-drain scheme: whichever thread finds nobody delivering becomes
    /// the one that delivers, and keeps going while values it may send are queued; others queue
    /// their value and return. So the downstream is never called concurrently, never with the lock
    /// held, and a re-entrant call from inside the downstream only queues. While the downstream's
    /// demand is limited, each inner publisher is asked for one value at a time (and one more for
    /// every value taken from it); once the demand is unlimited, so is theirs. `@usableFromInline` so
    /// chains through it specialise in the client (see `PassThroughSubscriber`).
    @usableFromInline
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, ReflectsNoChildren
    where Downstream.Input == NewPublisher.Output, Downstream.Failure == Upstream.Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        private enum Status {
            case active
            /// A failure has ended everything; the delivering thread still has to pass it on.
            case failing(Failure)
            /// The completion was delivered, or the downstream cancelled.
            case closed
        }

        private let downstream: Downstream
        private let maxPublishers: Subscribers.Demand
        private let transform: (Upstream.Output) -> NewPublisher
        private let lock = Lock()

        @exclusivity(unchecked) private var status = Status.active
        @exclusivity(unchecked) private var upstream: Subscription?
        @exclusivity(unchecked) private var upstreamFinished = false
        @exclusivity(unchecked) private var children = ChildSubscriptions()
        @exclusivity(unchecked) private var demand = Subscribers.Demand.none
        /// Values that arrived while the downstream could not take them, with who sent each and whether
        /// that inner publisher was already asked for its next value when it sent it.
        @exclusivity(unchecked) private var queue = ValueQueue<
            (child: ChildSubscriptions.ID, value: NewPublisher.Output, prepaid: Bool)
        >()
        @exclusivity(unchecked) private var isDelivering = false

        init(
            downstream: Downstream,
            maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.downstream = downstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        deinit {
            lock.deallocate()
        }

        @usableFromInline
        var description: String { "FlatMap" }

        // MARK: Upstream

        @usableFromInline
        func receive(subscription: Subscription) {
            lock.lock()
            guard case .active = status, upstream == nil, !upstreamFinished else {
                lock.unlock()
                subscription.cancel()
                return
            }
            upstream = subscription
            lock.unlock()
            subscription.request(maxPublishers)
        }

        @usableFromInline
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            lock.lock()
            guard case .active = status else {
                lock.unlock()
                return .none
            }
            let child = children.add()
            lock.unlock()
            transform(input).subscribe(Child(parent: self, id: child))
            return .none
        }

        @usableFromInline
        func receive(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished:
                lock.lock()
                guard case .active = status, !upstreamFinished else {
                    lock.unlock()
                    return
                }
                upstreamFinished = true
                upstream = nil
                finishIfDoneLocked()
            case .failure(let error):
                fail(with: error, from: nil)
            }
        }

        // MARK: Inner publishers

        func child(_ child: ChildSubscriptions.ID, received subscription: Subscription) {
            lock.lock()
            guard case .active = status, children.attach(subscription, to: child) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            let initialDemand: Subscribers.Demand = demand == .unlimited ? .unlimited : .max(1)
            lock.unlock()
            subscription.request(initialDemand)
        }

        func child(_ child: ChildSubscriptions.ID, received value: NewPublisher.Output) -> Subscribers.Demand
        {
            lock.lock()
            guard case .active = status else {
                lock.unlock()
                return .none
            }
            guard !isDelivering, demand > .none, queue.isEmpty else {
                // A value sent from inside a delivery that demand already covers is answered at once, as
                // Apple's answers it, instead of by a request once it has gone downstream.
                let prepaid = isDelivering && demand != .unlimited && demand > .max(queue.count)
                queue.append((child, value, prepaid))
                lock.unlock()
                return prepaid ? .max(1) : .none
            }
            isDelivering = true
            demand -= 1
            let isLimited = demand != .unlimited
            lock.unlock()
            let additional = downstream.receive(value)
            lock.lock()
            demand += additional
            deliverQueuedLocked()
            return isLimited ? .max(1) : .none
        }

        func child(_ child: ChildSubscriptions.ID, received completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished:
                lock.lock()
                guard case .active = status else {
                    lock.unlock()
                    return
                }
                children.remove(child)
                let replenish = maxPublishers == .unlimited ? nil : upstream
                finishIfDoneLocked()
                replenish?.request(.max(1))
            case .failure(let error):
                fail(with: error, from: child)
            }
        }

        // MARK: Subscription

        @usableFromInline
        func request(_ demand: Subscribers.Demand) {
            precondition(demand > .none, "A subscriber requested no values; demand must be positive")
            lock.lock()
            guard case .active = status else {
                lock.unlock()
                return
            }
            let wasLimited = self.demand != .unlimited
            self.demand += demand
            let nowUnlimited = wasLimited && self.demand == .unlimited ? children.all : []
            if isDelivering || queue.isEmpty {
                lock.unlock()
            } else {
                isDelivering = true
                deliverQueuedLocked()
            }
            for child in nowUnlimited {
                child.request(.unlimited)
            }
        }

        @usableFromInline
        func cancel() {
            lock.lock()
            if case .closed = status {
                lock.unlock()
                return
            }
            status = .closed
            var cancelled = releaseSubscriptionsLocked()
            if let upstream {
                cancelled.append(upstream)
            }
            upstream = nil
            lock.unlock()
            for subscription in cancelled {
                subscription.cancel()
            }
        }

        // MARK: Delivering

        /// Ends everything with `error`, cancelling every inner publisher but the one that failed. The
        /// upstream is let go but not cancelled, as with Apple's: it has failed itself, or it is left
        /// to finish on its own after an inner publisher failed.
        private func fail(with error: Failure, from failedChild: ChildSubscriptions.ID?) {
            lock.lock()
            guard case .active = status else {
                lock.unlock()
                return
            }
            status = .failing(error)
            if let failedChild {
                children.remove(failedChild)
            }
            upstream = nil
            let cancelled = releaseSubscriptionsLocked()
            let mustDeliver = !isDelivering
            isDelivering = true
            lock.unlock()
            for subscription in cancelled {
                subscription.cancel()
            }
            if mustDeliver {
                lock.lock()
                deliverQueuedLocked()
            }
        }

        /// Starts delivering the final `.finished` if nothing is left to run or to send. Unlocks.
        private func finishIfDoneLocked() {
            if !isDelivering, upstreamFinished, children.count == 0, queue.isEmpty {
                isDelivering = true
                deliverQueuedLocked()
            } else {
                lock.unlock()
            }
        }

        /// Sends queued values while there is demand, then the completion if one is due, and gives up
        /// the delivering role. Called with the lock held by the delivering thread; returns unlocked.
        private func deliverQueuedLocked() {
            while true {
                switch status {
                case .closed:
                    isDelivering = false
                    lock.unlock()
                    return
                case .failing(let error):
                    status = .closed
                    isDelivering = false
                    lock.unlock()
                    downstream.receive(completion: .failure(error))
                    return
                case .active:
                    break
                }
                if demand > .none, let (child, value, prepaid) = queue.popFirst() {
                    demand -= 1
                    // A limited inner publisher used its one requested value on this; ask for the next.
                    let replenish = demand == .unlimited || prepaid ? nil : children.subscription(of: child)
                    lock.unlock()
                    let additional = downstream.receive(value)
                    replenish?.request(.max(1))
                    lock.lock()
                    demand += additional
                    continue
                }
                if upstreamFinished, children.count == 0, queue.isEmpty {
                    status = .closed
                    isDelivering = false
                    lock.unlock()
                    downstream.receive(completion: .finished)
                    return
                }
                isDelivering = false
                lock.unlock()
                return
            }
        }

        /// Forgets the inner subscriptions and the queue; returns the inner subscriptions to cancel.
        private func releaseSubscriptionsLocked() -> [Subscription] {
            queue.removeAll()
            return children.removeAll()
        }

        /// What subscribes to one inner publisher: it tells the parent which inner publisher spoke. As
        /// Apple's, it describes itself as "FlatMap" and shows its parent's identifier to a mirror.
        @usableFromInline
        struct Child: Subscriber, CustomStringConvertible, CustomReflectable,
            CustomPlaygroundDisplayConvertible
        {
            @usableFromInline typealias Input = NewPublisher.Output
            @usableFromInline typealias Failure = NewPublisher.Failure

            let parent: Inner
            let id: ChildSubscriptions.ID
            @usableFromInline
            let combineIdentifier = CombineIdentifier()

            @usableFromInline
            var description: String { "FlatMap" }

            @usableFromInline
            var customMirror: Mirror {
                Mirror(self, children: ["parentSubscription": parent.combineIdentifier])
            }

            @usableFromInline
            var playgroundDescription: Any { description }

            @usableFromInline
            func receive(subscription: Subscription) {
                parent.child(id, received: subscription)
            }

            @usableFromInline
            func receive(_ input: Input) -> Subscribers.Demand {
                parent.child(id, received: input)
            }

            @usableFromInline
            func receive(completion: Subscribers.Completion<Failure>) {
                parent.child(id, received: completion)
            }
        }
    }
}
