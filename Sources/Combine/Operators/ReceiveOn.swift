extension Publisher {
    /// Delivers this publisher's values and completion on `scheduler`, in the order they arrive.
    ///
    /// Only delivery moves: subscribing, requests and cancellation still happen where they are made.
    public func receive<S>(
        on scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.ReceiveOn<Self, S>
    where S: Scheduler {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that hands its upstream's values and completion to subscribers on a scheduler.
    public struct ReceiveOn<Upstream, Context>: Publisher where Upstream: Publisher, Context: Scheduler {
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
            upstream.subscribe(
                SchedulerRelay(
                    description: "ReceiveOn", downstream: subscriber, scheduler: scheduler, options: options,
                    timing: .asSoonAsPossible))
        }
    }
}
