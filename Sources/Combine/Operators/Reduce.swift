extension Publisher {
    /// Folds every value into an accumulator starting at `initialResult` and publishes the result once
    /// the upstream finishes.
    public func reduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Self.Output) -> T
    ) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Folds every value into an accumulator with a closure that may throw; the error cancels the
    /// upstream and ends the stream with it.
    public func tryReduce<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Self.Output) throws -> T
    ) -> Publishers.TryReduce<Self, T> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// Publishes the accumulation of all its upstream's values, once the upstream finishes.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let initial: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(
            upstream: Upstream, initial: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S>(subscriber: S)
        where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
            let next = nextPartialResult
            upstream.subscribeReducing(
                subscriber,
                named: "Reduce",
                initial: initial,
                fold: { result, value in
                    result = next(result, value)
                    return false
                },
                answer: { $0 }
            )
        }
    }

    /// Publishes the accumulation of all its upstream's values, folded by a closure that may throw.
    public struct TryReduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        public let upstream: Upstream
        public let initial: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        public init(
            upstream: Upstream,
            initial: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == Error {
            let next = nextPartialResult
            upstream.subscribeReducing(
                subscriber,
                named: "TryReduce",
                initial: initial,
                tryFold: { result, value in
                    result = try next(result, value)
                    return false
                },
                answer: { $0 }
            )
        }
    }
}
