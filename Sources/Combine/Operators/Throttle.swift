extension Publisher {
    /// Publishes at most one value per `interval`, on `scheduler`: the first value at once, then, for
    /// the values that arrive before the interval since the last one published is over, the first of
    /// them (`latest == false`) or the most recent (`latest == true`) when it is over.
    ///
    /// Values that arrive while the downstream has no demand are dropped, and a completion waits for
    /// a value already due to be published, as on Apple platforms.
    public func throttle<S>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    )
        -> Publishers.Throttle<Self, S> where S: Scheduler
    {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers {
    /// A publisher that passes on at most one of its upstream's values per interval.
    public struct Throttle<Upstream, Context>: Publisher where Upstream: Publisher, Context: Scheduler {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool

        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(
                Inner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
        }
    }
}

extension Publishers.Throttle {
    /// Reads the scheduler's clock where Apple's reads it (a scheduler can observe every read): when
    /// made, when subscribed, on each value and on the completion it takes, and when a value goes out
    /// with no completion behind it.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, ReflectsNoChildren
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let latest: Bool
        private let lock = Lock()
        private let deliveryLock = Lock(recursive: true)
        private var downstream: Downstream?
        private var upstream: Subscription?
        private var isEnded = false
        private var demand = Subscribers.Demand.none
        /// What the next scheduled emission will publish; an emission is scheduled while either is set.
        private var nextValue: Input?
        private var nextCompletion: Subscribers.Completion<Failure>?
        private var lastEmission: Context.SchedulerTimeType?

        init(
            downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
            latest: Bool
        ) {
            self.downstream = downstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            _ = scheduler.now
        }

        deinit {
            lock.deallocate()
            deliveryLock.deallocate()
        }

        var description: String { "Throttle" }

        private var isEmissionScheduled: Bool {
            nextValue != nil || nextCompletion != nil
        }

        func receive(subscription: Subscription) {
            lock.lock()
            guard upstream == nil, !isEnded, let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            upstream = subscription
            lock.unlock()
            _ = scheduler.now
            deliveryLock.withLock { downstream.receive(subscription: self) }
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard upstream != nil else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            let now = scheduler.now
            lock.lock()
            guard upstream != nil, demand > .none else {
                lock.unlock()
                return .none
            }
            if isEmissionScheduled {
                if latest { nextValue = input }
                lock.unlock()
                return .none
            }
            let due = lastEmission.map { Swift.max(now, $0.advanced(by: interval)) } ?? now
            demand -= 1
            nextValue = input
            lock.unlock()
            scheduleEmission(at: due, now: now)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard upstream != nil else {
                lock.unlock()
                return
            }
            upstream = nil
            let wasScheduled = isEmissionScheduled
            nextCompletion = completion
            lock.unlock()
            _ = scheduler.now
            if !wasScheduled {
                scheduler.schedule { self.emit() }
            }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.withLock { self.demand += demand }
        }

        func cancel() {
            lock.lock()
            let upstream = self.upstream
            end()
            lock.unlock()
            upstream?.cancel()
        }

        private func scheduleEmission(at due: Context.SchedulerTimeType, now: Context.SchedulerTimeType) {
            if due == now {
                scheduler.schedule { self.emit() }
            } else {
                scheduler.schedule(after: due) { self.emit() }
            }
        }

        private func emit() {
            lock.lock()
            guard let downstream, !isEnded else {
                lock.unlock()
                return
            }
            let value = nextValue
            let completion = nextCompletion
            nextValue = nil
            nextCompletion = nil
            if value != nil, completion == nil { lastEmission = scheduler.now }
            if completion != nil { end() }
            lock.unlock()
            deliveryLock.withLock {
                if let value {
                    let more = downstream.receive(value)
                    lock.withLock { demand += more }
                }
                if let completion { downstream.receive(completion: completion) }
            }
        }

        /// With the lock held: nothing more is received or sent.
        private func end() {
            isEnded = true
            upstream = nil
            downstream = nil
            nextValue = nil
            nextCompletion = nil
        }
    }
}
