extension Publisher {
    /// Subscribes to the upstream again each time it fails, up to `retries` more times; after that the
    /// failure passes on.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}

extension Publishers {
    /// Resubscribes to its upstream after a failure, a limited number of times or (with `nil` or a
    /// negative count) without limit.
    ///
    /// The downstream keeps the one subscription, described as `Retry`, and sees nothing of the
    /// failures that were retried. Demand it asked for and has not been served carries over to each
    /// new attempt.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let retries: Int?

        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let remaining = retries.flatMap { $0 < 0 ? nil : $0 }
            Inner(upstream: upstream, downstream: subscriber, remainingRetries: remaining)
                .subscribeToUpstream()
        }
    }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {
    public static func == (lhs: Publishers.Retry<Upstream>, rhs: Publishers.Retry<Upstream>) -> Bool {
        lhs.upstream == rhs.upstream && lhs.retries == rhs.retries
    }
}

extension Publishers.Retry {
    /// Subscribes itself to the upstream once per attempt.
    ///
    /// A failure that arrives while an attempt is still being subscribed (a publisher that fails at
    /// once) only marks that another attempt is due; the loop in `subscribeToUpstream` makes it, so
    /// any number of immediate failures uses no extra stack.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, ReflectsNoChildren
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum Phase {
            /// Subscribing to the upstream, or about to; the attempt's subscription has not arrived.
            case connecting
            case subscribed(Subscription)
            case ended
        }

        private let upstream: Upstream
        private let lock = Lock()
        /// Let go of once the stream has completed or been cancelled, as Apple's does.
        @exclusivity(unchecked) private var downstream: Downstream?
        /// `nil` retries forever.
        @exclusivity(unchecked) private var remainingRetries: Int?
        @exclusivity(unchecked) private var phase = Phase.connecting
        /// Asked for by the downstream and not yet delivered.
        @exclusivity(unchecked) private var owed = Subscribers.Demand.none
        @exclusivity(unchecked) private var hasGivenSubscription = false
        @exclusivity(unchecked) private var isSubscribing = false
        @exclusivity(unchecked) private var isAnotherAttemptDue = false

        init(upstream: Upstream, downstream: Downstream, remainingRetries: Int?) {
            self.upstream = upstream
            self.downstream = downstream
            self.remainingRetries = remainingRetries
        }

        deinit {
            lock.deallocate()
        }

        var description: String { "Retry" }

        /// Makes attempts until one is under way that has not failed during its own subscribe call.
        func subscribeToUpstream() {
            while true {
                lock.lock()
                guard case .connecting = phase else {
                    lock.unlock()
                    return
                }
                isSubscribing = true
                isAnotherAttemptDue = false
                lock.unlock()
                upstream.subscribe(self)
                lock.lock()
                isSubscribing = false
                let again = isAnotherAttemptDue
                lock.unlock()
                guard again else { return }
            }
        }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .connecting = phase else {
                lock.unlock()
                subscription.cancel()
                return
            }
            phase = .subscribed(subscription)
            let isFirst = !hasGivenSubscription
            hasGivenSubscription = true
            let stillOwed = owed
            let downstream = self.downstream
            lock.unlock()
            if isFirst {
                downstream?.receive(subscription: self)
            } else if stillOwed > .none {
                subscription.request(stillOwed)
            }
        }

        /// Demand the downstream returns is requested from the current attempt rather than returned,
        /// as Apple's does: it may belong to an attempt that has not subscribed yet.
        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard let downstream else {
                lock.unlock()
                return .none
            }
            // As Apple's does, a value before the first subscription or beyond the demand stops the
            // process (one that comes while a retry is subscribing is passed on).
            if !hasGivenSubscription {
                lock.unlock()
                fatalError(
                    "Retry received a value before its subscription; a publisher must send the subscription first"
                )
            }
            guard owed > .none else {
                lock.unlock()
                fatalError(
                    "Retry received a value its subscriber did not ask for; a publisher must respect demand")
            }
            owed -= 1
            lock.unlock()
            let additional = downstream.receive(input)
            guard additional > .none else { return .none }
            lock.lock()
            owed += additional
            let current = currentSubscriptionLocked
            lock.unlock()
            current?.request(additional)
            return .none
        }

        /// A completion that comes before the attempt's subscription is acted on all the same, as Apple's is:
        /// a failure starts another attempt if any are left, anything else reaches the downstream.
        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            if case .ended = phase {
                lock.unlock()
                return
            }
            if case .failure = completion, remainingRetries != 0 {
                remainingRetries = remainingRetries.map { $0 - 1 }
                phase = .connecting
                let isLoopRunning = isSubscribing
                isAnotherAttemptDue = true
                lock.unlock()
                if !isLoopRunning {
                    subscribeToUpstream()
                }
                return
            }
            phase = .ended
            let downstream = self.downstream
            self.downstream = nil
            lock.unlock()
            downstream?.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            if case .ended = phase {
                lock.unlock()
                return
            }
            owed += demand
            let current = currentSubscriptionLocked
            lock.unlock()
            current?.request(demand)
        }

        func cancel() {
            lock.lock()
            let current = currentSubscriptionLocked
            let released = downstream
            phase = .ended
            downstream = nil
            lock.unlock()
            current?.cancel()
            withExtendedLifetime(released) {}
        }

        private var currentSubscriptionLocked: Subscription? {
            if case .subscribed(let subscription) = phase { return subscription }
            return nil
        }
    }
}
