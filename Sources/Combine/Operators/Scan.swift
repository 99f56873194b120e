extension Publisher {
    /// Publishes each step of folding the values into an accumulator that starts at `initialResult`.
    public func scan<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Self.Output) -> T
    ) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like `scan(_:_:)`, with a closure that may throw; the error cancels the upstream and ends the stream
    /// with it.
    public func tryScan<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Self.Output) throws -> T
    ) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// Publishes every intermediate result of folding its upstream's values.
    ///
    /// It hands the upstream's subscription straight to the downstream, as Apple's does.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(
            upstream: Upstream, initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S>(subscriber: S)
        where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
            upstream.subscribe(Inner(downstream: subscriber, result: initialResult, next: nextPartialResult))
        }
    }

    /// Publishes every intermediate result of folding its upstream's values with a closure that may throw.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        public init(
            upstream: Upstream,
            initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == Error {
            let next = nextPartialResult
            var result = initialResult
            upstream.subscribeGated(
                subscriber, named: "TryScan", earlyEvents: .values, stepsAfterEnd: true,
                mirror: .downstream { [("status", "subscribed"), ("result", result as Any)] }
            ) { value in
                result = try next(result, value)
                return .pass(result)
            }
        }
    }
}

extension Publishers.Scan {
    /// Keeps the running result; the upstream's calls are serialised, so it needs no lock.
    private final class Inner<Downstream: Subscriber>: PassThroughSubscriber
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let downstream: Downstream
        private let next: (Output, Upstream.Output) -> Output
        private var result: Output

        init(downstream: Downstream, result: Output, next: @escaping (Output, Upstream.Output) -> Output) {
            self.downstream = downstream
            self.result = result
            self.next = next
        }

        var description: String { "Scan" }

        /// As Apple's: the downstream and the running result.
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "result": result]) }

        func receive(_ input: Input) -> Subscribers.Demand {
            result = next(result, input)
            return downstream.receive(result)
        }
    }
}
