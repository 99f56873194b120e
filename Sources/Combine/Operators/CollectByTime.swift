extension Publisher {
    /// Gathers values into arrays and publishes one at the end of every interval that saw any
    /// (`.byTime`), or also as soon as an array reaches a count (`.byTimeOrCount`).
    ///
    /// Intervals run back to back from subscription on the strategy's scheduler, and every array is
    /// delivered there. Arrays wait for demand rather than being dropped. Finishing publishes what
    /// was gathered so far, then finishes; a failure ends the stream at once and drops it.
    public func collect<S>(
        _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
    )
        -> Publishers.CollectByTime<Self, S> where S: Scheduler
    {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}

extension Publishers {
    /// When `collect(_:options:)` closes an array: at every interval, or also at a count.
    public enum TimeGroupingStrategy<Context> where Context: Scheduler {
        case byTime(Context, Context.SchedulerTimeType.Stride)
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }

    /// A publisher that publishes its upstream's values in arrays, one per interval or count.
    public struct CollectByTime<Upstream, Context>: Publisher where Upstream: Publisher, Context: Scheduler {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let strategy: Publishers.TimeGroupingStrategy<Context>
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream, strategy: Publishers.TimeGroupingStrategy<Context>,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == [Upstream.Output] {
            upstream.subscribe(Inner(downstream: subscriber, strategy: strategy, options: options))
        }
    }
}

extension Publishers.CollectByTime {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let scheduler: Context
        private let interval: Context.SchedulerTimeType.Stride
        private let maximumCount: Int?
        private let options: Context.SchedulerOptions?
        private let lock = Lock()
        private var downstream: Downstream?
        private var upstream: Subscription?
        private var timer: Cancellable?
        private var isEnded = false
        private var gathering: [Input] = []
        /// Closed arrays, oldest first, waiting for demand.
        private var closed: [[Input]] = []
        private var demand = Subscribers.Demand.none
        private var pendingCompletion: Subscribers.Completion<Failure>?
        /// Set while one delivery loop runs, so that deliveries never overlap.
        private var isDelivering = false

        init(
            downstream: Downstream, strategy: Publishers.TimeGroupingStrategy<Context>,
            options: Context.SchedulerOptions?
        ) {
            self.downstream = downstream
            self.options = options
            switch strategy {
            case .byTime(let scheduler, let interval):
                (self.scheduler, self.interval, maximumCount) = (scheduler, interval, nil)
            case .byTimeOrCount(let scheduler, let interval, let count):
                (self.scheduler, self.interval, maximumCount) = (scheduler, interval, Swift.max(count, 1))
            }
        }

        deinit {
            lock.deallocate()
        }

        var description: String { "CollectByTime" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard upstream == nil, !isEnded, let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            upstream = subscription
            lock.unlock()
            let timer = scheduler.schedule(
                after: scheduler.now.advanced(by: interval), interval: interval,
                tolerance: scheduler.minimumTolerance, options: options
            ) { [weak self] in
                self?.intervalEnded()
            }
            lock.lock()
            if isEnded {
                lock.unlock()
                timer.cancel()
            } else {
                self.timer = timer
                lock.unlock()
            }
            downstream.receive(subscription: self)
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard upstream != nil else {
                lock.unlock()
                return .none
            }
            gathering.append(input)
            let isFull = gathering.count == maximumCount
            if isFull { closeGathering() }
            lock.unlock()
            if isFull { scheduleDelivery() }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard upstream != nil else {
                lock.unlock()
                return
            }
            upstream = nil
            if case .failure = completion {
                gathering = []
                closed = []
            } else {
                closeGathering()
            }
            pendingCompletion = completion
            let timer = takeTimer()
            lock.unlock()
            timer?.cancel()
            scheduleDelivery()
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            self.demand += demand
            let hasWaiting = !closed.isEmpty || pendingCompletion != nil
            lock.unlock()
            if hasWaiting { scheduleDelivery() }
        }

        func cancel() {
            lock.lock()
            let upstream = self.upstream
            isEnded = true
            self.upstream = nil
            downstream = nil
            gathering = []
            closed = []
            let timer = takeTimer()
            lock.unlock()
            timer?.cancel()
            upstream?.cancel()
        }

        private func intervalEnded() {
            lock.lock()
            let hasValues = !gathering.isEmpty
            if hasValues { closeGathering() }
            lock.unlock()
            if hasValues { deliver() }
        }

        private func scheduleDelivery() {
            scheduler.schedule(options: options) { self.deliver() }
        }

        /// Runs on the scheduler: hands closed arrays down while there is demand, then the
        /// completion once nothing is left before it.
        private func deliver() {
            lock.lock()
            guard !isDelivering else {
                lock.unlock()
                return
            }
            isDelivering = true
            while let downstream, !isEnded {
                if demand > .none, !closed.isEmpty {
                    let group = closed.removeFirst()
                    demand -= 1
                    lock.unlock()
                    let more = downstream.receive(group)
                    lock.lock()
                    demand += more
                } else if closed.isEmpty, let completion = pendingCompletion {
                    isEnded = true
                    self.downstream = nil
                    lock.unlock()
                    downstream.receive(completion: completion)
                    lock.lock()
                } else {
                    break
                }
            }
            isDelivering = false
            lock.unlock()
        }

        /// With the lock held: moves the values gathered so far, if any, into a closed array.
        private func closeGathering() {
            guard !gathering.isEmpty else { return }
            closed.append(gathering)
            gathering = []
        }

        private func takeTimer() -> Cancellable? {
            defer { timer = nil }
            return timer
        }
    }
}
