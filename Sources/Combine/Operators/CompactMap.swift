extension Publisher {
    /// Sends each value through `transform` and passes on the results that are not `nil`.
    public func compactMap<T>(_ transform: @escaping (Self.Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }

    /// Sends each value through `transform` and passes on the results that are not `nil`; a thrown
    /// error cancels the upstream and ends the stream with it.
    public func tryCompactMap<T>(
        _ transform: @escaping (Self.Output) throws -> T?
    ) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// Transforms the values of its upstream and drops the ones that transform to `nil`.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S>(subscriber: S)
        where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }

    /// Transforms the values of its upstream with a closure that may throw, and drops the ones that
    /// transform to `nil`.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == Error {
            let inner = ThrowingStepSubscription<Upstream.Output, Upstream.Failure, S>(
                "TryCompactMap",
                downstream: subscriber,
                trapsOutOfOrder: true,
                mirror: .downstream,
                step: transform
            )
            upstream.subscribe(inner)
        }
    }
}

// Chained transforms fuse into one operator over the original upstream, as Apple's do.

extension Publishers.CompactMap {
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
    }

    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
    }
}

extension Publishers.TryCompactMap {
    public func compactMap<T>(
        _ transform: @escaping (Output) throws -> T?
    ) -> Publishers.TryCompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
    }
}

extension Publishers.CompactMap {
    @usableFromInline
    struct Inner<Downstream: Subscriber>: PassThroughSubscriber
    where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        @usableFromInline
        let downstream: Downstream
        let transform: (Upstream.Output) -> Output?
        @usableFromInline
        let combineIdentifier = CombineIdentifier()

        @usableFromInline
        var description: String { "CompactMap" }

        /// A dropped value is replaced by asking the upstream for one more.
        @usableFromInline
        func receive(_ input: Input) -> Subscribers.Demand {
            guard let output = transform(input) else { return .max(1) }
            return downstream.receive(output)
        }
    }
}
