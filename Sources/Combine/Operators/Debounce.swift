extension Publisher {
    /// Publishes a value only once the upstream has been quiet for `dueTime` after it, on `scheduler`;
    /// a value followed by another within `dueTime` is replaced by that one.
    ///
    /// As on Apple platforms, a completion ends the stream at once (on the scheduler) and drops a
    /// value still waiting out its quiet period, and a value due while the downstream has no demand
    /// is dropped.
    public func debounce<S>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    )
        -> Publishers.Debounce<Self, S> where S: Scheduler
    {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that lets a value through only after a quiet period with no newer value.
    public struct Debounce<Upstream, Context>: Publisher where Upstream: Publisher, Context: Scheduler {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(
                Inner(downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
        }
    }
}

extension Publishers.Debounce {
    /// Its mirror shows what Apple's does: the downstream, its demand and the value waiting.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let dueTime: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
        /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
        /// (`Sink` lets go as it ends).
        private let downstreamForLife: Downstream
        private let lock = Lock()
        private let deliveryLock = Lock(recursive: true)
        private var downstream: Downstream?
        private var upstream: Subscription?
        private var isEnded = false
        private var demand = Subscribers.Demand.none
        /// The latest value, waiting out its quiet period, with the number that tells it apart.
        private var waiting: (value: Input, generation: Int)?
        private var generation = 0
        private var timer: Cancellable?

        init(
            downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.downstream = downstream
            self.dueTime = dueTime
            downstreamForLife = downstream
            self.scheduler = scheduler
            self.options = options
        }

        deinit {
            lock.deallocate()
            deliveryLock.deallocate()
        }

        var description: String { "Debounce" }

        var playgroundDescription: Any { description }

        var customMirror: Mirror {
            lock.mirror(of: self) {
                [
                    "downstream": downstream as Any, "downstreamDemand": demand,
                    "currentValue": waiting?.value as Any,
                ]
            }
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
            deliveryLock.withLock { downstream.receive(subscription: self) }
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard upstream != nil else {
                lock.unlock()
                return .none
            }
            generation += 1
            let current = generation
            waiting = (input, current)
            let previous = takeTimer()
            lock.unlock()
            previous?.cancel()
            // The repeating form, because only it can be cancelled when a newer value arrives. It holds this
            // subscription, and so the downstream, until it is cancelled, as Apple's timer does.
            let next = scheduler.schedule(
                after: scheduler.now.advanced(by: dueTime), interval: dueTime,
                tolerance: scheduler.minimumTolerance, options: options
            ) {
                self.quietPeriodEnded(generation: current)
            }
            lock.lock()
            if current == generation, upstream != nil {
                timer = next
                lock.unlock()
            } else {
                lock.unlock()
                next.cancel()
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard upstream != nil, let downstream else {
                lock.unlock()
                return
            }
            // Keep the downstream for the completion; a cancel before it runs takes it away.
            let pending = end()
            self.downstream = downstream
            lock.unlock()
            pending?.cancel()
            // Apple's schedules the completion without the options it was given.
            scheduler.schedule(options: nil) { self.finish(with: completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.withLock { self.demand += demand }
        }

        func cancel() {
            lock.lock()
            let upstream = self.upstream
            let pending = end()
            lock.unlock()
            pending?.cancel()
            upstream?.cancel()
        }

        private func quietPeriodEnded(generation: Int) {
            lock.lock()
            guard let downstream, let waiting, waiting.generation == generation else {
                lock.unlock()
                return
            }
            self.waiting = nil
            let finished = takeTimer()
            let hasDemand = demand > .none
            if hasDemand { demand -= 1 }
            lock.unlock()
            finished?.cancel()
            guard hasDemand else { return }
            let more = deliveryLock.withLock { downstream.receive(waiting.value) }
            lock.withLock { demand += more }
        }

        private func finish(with completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let downstream = self.downstream
            self.downstream = nil
            lock.unlock()
            guard let downstream else { return }
            deliveryLock.withLock { downstream.receive(completion: completion) }
        }

        /// With the lock held: stops everything and returns the timer to cancel.
        private func end() -> Cancellable? {
            isEnded = true
            upstream = nil
            downstream = nil
            waiting = nil
            return takeTimer()
        }

        private func takeTimer() -> Cancellable? {
            defer { timer = nil }
            return timer
        }
    }
}
