extension Publisher where Self.Failure == Self.Output.Failure, Self.Output: Publisher {
    /// Republishes the values of the most recent publisher the upstream sent, cancelling the one before.
    public func switchToLatest() -> Publishers.SwitchToLatest<Self.Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Self.Failure == Never, Self.Output: Publisher {
    /// `switchToLatest` for a never-failing upstream of publishers that can fail.
    public func switchToLatest()
        -> Publishers.SwitchToLatest<Self.Output, Publishers.SetFailureType<Self, Self.Output.Failure>>
    {
        Publishers.SwitchToLatest(upstream: setFailureType(to: Self.Output.Failure.self))
    }
}

extension Publisher where Self.Failure == Never, Self.Output: Publisher, Self.Output.Failure == Never {
    /// `switchToLatest` where neither the upstream nor its publishers can fail.
    public func switchToLatest() -> Publishers.SwitchToLatest<Self.Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Self.Output: Publisher, Self.Output.Failure == Never {
    /// `switchToLatest` for an upstream that can fail, of publishers that cannot.
    public func switchToLatest()
        -> Publishers.SwitchToLatest<
            Publishers.SetFailureType<Self.Output, Self.Failure>,
            Publishers.Map<Self, Publishers.SetFailureType<Self.Output, Self.Failure>>
        >
    {
        Publishers.SwitchToLatest(upstream: map { $0.setFailureType(to: Self.Failure.self) })
    }
}

extension Publishers {
    /// Flattens a publisher of publishers by following only the latest one.
    ///
    /// It asks the upstream for every publisher; each new one cancels the previous and is asked for
    /// the demand the downstream has not yet been served. It finishes once the upstream and the latest
    /// publisher have both finished, and fails as soon as either fails.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where P == Upstream.Output, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, P.Output == S.Input, Upstream.Failure == S.Failure {
            let inner = Inner(downstream: subscriber)
            // As on Apple platforms, the downstream has its subscription before the upstream is asked.
            subscriber.receive(subscription: inner)
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.SwitchToLatest {
    /// Follows the latest inner publisher.
    ///
    /// Every inner publisher gets an index; events from any but the latest are dropped, so a
    /// publisher that keeps sending for a moment after its cancel changes nothing. Calls into the
    /// downstream are serialised by a second, recursive lock (taken before the state lock, never
    /// after), which lets a downstream that sends a new publisher from inside `receive` get the new
    /// publisher's values on the same thread.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, ReflectsNoChildren
    where Downstream.Input == P.Output, Downstream.Failure == Failure {
        typealias Input = P
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let lock = Lock()
        private let downstreamLock = Lock(recursive: true)
        @exclusivity(unchecked) private var upstream: Subscription?
        @exclusivity(unchecked) private var upstreamFinished = false
        @exclusivity(unchecked) private var latestIndex = 0
        @exclusivity(unchecked) private var latest: Subscription?
        /// Whether the latest inner publisher was subscribed to and has not finished.
        @exclusivity(unchecked) private var latestIsRunning = false
        @exclusivity(unchecked) private var demand = Subscribers.Demand.none
        /// Cancelled, or the completion is decided.
        @exclusivity(unchecked) private var isTerminated = false
        /// The outer publisher failed while the latest inner one had not sent its subscription yet.
        @exclusivity(unchecked) private var awaitsLateInner = false
        /// The outer publisher failed while the latest inner one was subscribed: as Apple's does, values
        /// that inner one still sends go on to the downstream, with the demand it returns.
        @exclusivity(unchecked) private var relaysAfterOuterFailure = false
        /// The stream ended by the outer publisher's own completion: as Apple's does, every later one
        /// it sends is passed on too.
        @exclusivity(unchecked) private var endedByOuter = false

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        deinit {
            lock.deallocate()
            downstreamLock.deallocate()
        }

        var description: String { "SwitchToLatest" }

        // MARK: Upstream

        func receive(subscription: Subscription) {
            lock.lock()
            guard !isTerminated, upstream == nil, !upstreamFinished else {
                lock.unlock()
                subscription.cancel()
                return
            }
            upstream = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        func receive(_ input: P) -> Subscribers.Demand {
            lock.lock()
            guard !isTerminated else {
                lock.unlock()
                return .none
            }
            latestIndex += 1
            let index = latestIndex
            let previous = latest
            latest = nil
            latestIsRunning = true
            lock.unlock()
            previous?.cancel()
            input.subscribe(Child(parent: self, index: index))
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !isTerminated, !upstreamFinished else {
                let repeats = endedByOuter
                lock.unlock()
                if repeats {
                    deliver(completion)
                }
                return
            }
            upstream = nil
            switch completion {
            case .finished:
                upstreamFinished = true
                guard !latestIsRunning else {
                    lock.unlock()
                    return
                }
                isTerminated = true
                endedByOuter = true
                lock.unlock()
                deliver(.finished)
            case .failure:
                isTerminated = true
                endedByOuter = true
                let running = latest
                latest = nil
                awaitsLateInner = latestIsRunning && running == nil
                relaysAfterOuterFailure = running != nil
                lock.unlock()
                running?.cancel()
                deliver(completion)
            }
        }

        // MARK: Inner publishers

        fileprivate func child(_ index: Int, received subscription: Subscription) {
            lock.lock()
            if awaitsLateInner, index == latestIndex {
                // As Apple's does, an inner publisher still subscribing when the outer one failed is
                // asked for what the downstream wanted, though nothing it sends goes on.
                awaitsLateInner = false
                let owed = demand
                lock.unlock()
                if owed > .none {
                    subscription.request(owed)
                }
                return
            }
            guard !isTerminated, index == latestIndex, latest == nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            latest = subscription
            let owed = demand
            lock.unlock()
            if owed > .none {
                subscription.request(owed)
            }
        }

        fileprivate func child(_ index: Int, received value: P.Output) -> Subscribers.Demand {
            downstreamLock.lock()
            defer { downstreamLock.unlock() }
            lock.lock()
            guard !isTerminated, index == latestIndex else {
                let relays = relaysAfterOuterFailure && index == latestIndex
                lock.unlock()
                return relays ? downstream.receive(value) : .none
            }
            guard demand > .none else {
                lock.unlock()
                // As Apple's does, a value the downstream has not asked for stops the process.
                fatalError(
                    "SwitchToLatest received a value its subscriber did not ask for; a publisher must respect demand"
                )
            }
            demand -= 1
            lock.unlock()
            let additional = downstream.receive(value)
            lock.lock()
            demand += additional
            lock.unlock()
            return additional
        }

        fileprivate func child(_ index: Int, received completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !isTerminated, index == latestIndex else {
                lock.unlock()
                return
            }
            if latest == nil {
                lock.unlock()
                // As Apple's does, an inner publisher that completes before its subscription stops the process.
                fatalError(
                    "SwitchToLatest's inner publisher completed before sending its subscription; a publisher must send the subscription first"
                )
            }
            latest = nil
            latestIsRunning = false
            switch completion {
            case .finished:
                guard upstreamFinished else {
                    lock.unlock()
                    return
                }
                isTerminated = true
                lock.unlock()
                deliver(.finished)
            case .failure:
                isTerminated = true
                let outer = upstream
                upstream = nil
                lock.unlock()
                outer?.cancel()
                deliver(completion)
            }
        }

        // MARK: Subscription

        func request(_ demand: Subscribers.Demand) {
            precondition(demand > .none, "A subscriber requested no values; demand must be positive")
            lock.lock()
            guard !isTerminated else {
                lock.unlock()
                return
            }
            self.demand += demand
            let running = latest
            lock.unlock()
            running?.request(demand)
        }

        func cancel() {
            lock.lock()
            guard !isTerminated else {
                lock.unlock()
                return
            }
            isTerminated = true
            let cancelled = (upstream, latest)
            upstream = nil
            latest = nil
            lock.unlock()
            cancelled.1?.cancel()
            cancelled.0?.cancel()
        }

        private func deliver(_ completion: Subscribers.Completion<Failure>) {
            downstreamLock.lock()
            defer { downstreamLock.unlock() }
            downstream.receive(completion: completion)
        }

        /// What subscribes to one inner publisher: it tells the parent which one spoke. As Apple's, it
        /// describes itself as "SwitchToLatest" and shows its parent's identifier to a mirror.
        private struct Child: Subscriber, CustomStringConvertible, CustomReflectable,
            CustomPlaygroundDisplayConvertible
        {
            typealias Input = P.Output
            typealias Failure = P.Failure

            let parent: Inner
            let index: Int
            let combineIdentifier = CombineIdentifier()

            var description: String { "SwitchToLatest" }

            var customMirror: Mirror {
                Mirror(self, children: ["parentSubscription": parent.combineIdentifier])
            }

            var playgroundDescription: Any { description }

            func receive(subscription: Subscription) {
                parent.child(index, received: subscription)
            }

            func receive(_ input: Input) -> Subscribers.Demand {
                parent.child(index, received: input)
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                parent.child(index, received: completion)
            }
        }
    }
}
