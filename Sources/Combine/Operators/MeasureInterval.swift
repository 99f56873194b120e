extension Publisher {
    /// Replaces each value with the time since the previous one (the first: since subscribing),
    /// as read from `scheduler`'s clock.
    public func measureInterval<S>(
        using scheduler: S, options: S.SchedulerOptions? = nil
    )
        -> Publishers.MeasureInterval<Self, S> where S: Scheduler
    {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

extension Publishers {
    /// A publisher that emits the interval between consecutive values of its upstream.
    public struct MeasureInterval<Upstream, Context>: Publisher
    where Upstream: Publisher, Context: Scheduler {
        public typealias Output = Context.SchedulerTimeType.Stride
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let scheduler: Context

        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Context.SchedulerTimeType.Stride {
            upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler))
        }
    }
}

extension Publishers.MeasureInterval {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, ReflectsNoChildren
    where Downstream.Input == Context.SchedulerTimeType.Stride, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription(Downstream)
            case live(Subscription, Downstream, last: Context.SchedulerTimeType)
            case ended
        }

        private let scheduler: Context
        /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
        /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
        /// (`Sink` lets go as it ends).
        private let downstreamForLife: Downstream
        private let lock = Lock()
        private var state: State

        init(downstream: Downstream, scheduler: Context) {
            state = .awaitingSubscription(downstream)
            downstreamForLife = downstream
            self.scheduler = scheduler
        }

        deinit {
            lock.deallocate()
        }

        var description: String { "MeasureInterval" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription(let downstream) = state else {
                lock.unlock()
                subscription.cancel()
                return
            }
            state = .live(subscription, downstream, last: scheduler.now)
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .live(let upstream, let downstream, let last) = state else {
                lock.unlock()
                return .none
            }
            let now = scheduler.now
            state = .live(upstream, downstream, last: now)
            lock.unlock()
            // Apple's asks for the downstream's extra demand with a request rather than returning it.
            let more = downstream.receive(last.distance(to: now))
            if more > .none {
                upstream.request(more)
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .live(_, let downstream, _) = state else {
                lock.unlock()
                return
            }
            state = .ended
            lock.unlock()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .live(let upstream, _, _) = state else {
                lock.unlock()
                return
            }
            lock.unlock()
            upstream.request(demand)
        }

        func cancel() {
            lock.lock()
            let previous = state
            state = .ended
            lock.unlock()
            if case .live(let upstream, _, _) = previous { upstream.cancel() }
        }
    }
}
