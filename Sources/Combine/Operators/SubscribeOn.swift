extension Publisher {
    /// Subscribes to this publisher, and sends it requests and cancellation, on `scheduler`.
    ///
    /// Values are not moved: they arrive wherever the upstream sends them (use `receive(on:)` for that).
    public func subscribe<S>(
        on scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.SubscribeOn<Self, S>
    where S: Scheduler {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that performs the work of subscribing, requesting and cancelling on a scheduler.
    public struct SubscribeOn<Upstream, Context>: Publisher where Upstream: Publisher, Context: Scheduler {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
            let upstream = self.upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }
    }
}

extension Publishers.SubscribeOn {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, ReflectsNoChildren
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription(Downstream)
            case live(Subscription, Downstream)
            case ended
        }

        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
        /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
        /// (`Sink` lets go as it ends).
        private let downstreamForLife: Downstream
        private let lock = Lock()
        private var state: State

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            state = .awaitingSubscription(downstream)
            downstreamForLife = downstream
            self.scheduler = scheduler
            self.options = options
        }

        deinit {
            lock.deallocate()
        }

        var description: String { "SubscribeOn" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription(let downstream) = state else {
                lock.unlock()
                subscription.cancel()
                return
            }
            state = .live(subscription, downstream)
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard let downstream = liveDownstream() else { return .none }
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .live(_, let downstream) = state else {
                lock.unlock()
                return
            }
            state = .ended
            lock.unlock()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .live(let upstream, _) = state else {
                lock.unlock()
                return
            }
            lock.unlock()
            // The scheduled work holds this subscription, and so its downstream, until it runs, as Apple's does.
            scheduler.schedule(options: options) { withExtendedLifetime(self) { upstream.request(demand) } }
        }

        /// Stops delivery at once; the upstream hears of it on the scheduler.
        func cancel() {
            lock.lock()
            let previous = state
            state = .ended
            lock.unlock()
            if case .live(let upstream, _) = previous {
                scheduler.schedule(options: options) { withExtendedLifetime(self) { upstream.cancel() } }
            }
        }

        private func liveDownstream() -> Downstream? {
            lock.lock()
            defer { lock.unlock() }
            if case .live(_, let downstream) = state { return downstream }
            return nil
        }
    }
}
