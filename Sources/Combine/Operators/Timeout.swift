extension Publisher {
    /// Ends the stream if the upstream sends nothing for `interval`, counted from subscribing and
    /// again from each value and each downstream request: with `customError()` as a failure, or as a
    /// normal finish without one.
    ///
    /// Values and the completion are delivered on `scheduler`, and the deadline is kept on its clock.
    public func timeout<S>(
        _ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
        customError: (() -> Self.Failure)? = nil
    ) -> Publishers.Timeout<Self, S> where S: Scheduler {
        Publishers.Timeout(
            upstream: self, interval: interval, scheduler: scheduler, options: options,
            customError: customError)
    }
}

extension Publishers {
    /// A publisher that ends the stream when its upstream stays silent for too long.
    public struct Timeout<Upstream, Context>: Publisher where Upstream: Publisher, Context: Scheduler {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public let customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?

        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?,
            customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(
                SchedulerRelay(
                    description: "Timeout", downstream: subscriber, scheduler: scheduler, options: options,
                    timing: .asSoonAsPossible, deadline: .init(interval: interval, error: customError)))
        }
    }
}
