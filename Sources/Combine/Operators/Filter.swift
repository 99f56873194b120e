extension Publisher {
    /// Passes on only the values for which `isIncluded` returns `true`.
    public func filter(_ isIncluded: @escaping (Self.Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// Passes on only the values for which `isIncluded` returns `true`; a thrown error cancels the
    /// upstream and ends the stream with it.
    public func tryFilter(_ isIncluded: @escaping (Self.Output) throws -> Bool) -> Publishers.TryFilter<Self>
    {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers {
    /// Republishes the values of its upstream that satisfy a predicate.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(Inner(downstream: subscriber, isIncluded: isIncluded))
        }
    }

    /// Republishes the values of its upstream that satisfy a predicate that may throw.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Output == S.Input, S.Failure == Error {
            let isIncluded = self.isIncluded
            let inner = ThrowingStepSubscription<Upstream.Output, Upstream.Failure, S>(
                "TryFilter",
                downstream: subscriber,
                trapsOutOfOrder: true,
                mirror: .downstream,
                step: { try isIncluded($0) ? $0 : nil }
            )
            upstream.subscribe(inner)
        }
    }
}

// Chained filters fuse into one operator that checks both predicates, as Apple's do.

extension Publishers.Filter {
    public func filter(
        _ isIncluded: @escaping (Publishers.Filter<Upstream>.Output) -> Bool
    ) -> Publishers.Filter<Upstream> {
        let first = self.isIncluded
        return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }

    public func tryFilter(
        _ isIncluded: @escaping (Publishers.Filter<Upstream>.Output) throws -> Bool
    ) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publishers.TryFilter {
    public func filter(
        _ isIncluded: @escaping (Publishers.TryFilter<Upstream>.Output) -> Bool
    ) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    public func tryFilter(
        _ isIncluded: @escaping (Publishers.TryFilter<Upstream>.Output) throws -> Bool
    ) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publishers.Filter {
    @usableFromInline
    struct Inner<Downstream: Subscriber>: PassThroughSubscriber
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        @usableFromInline
        let downstream: Downstream
        let isIncluded: (Upstream.Output) -> Bool
        @usableFromInline
        let combineIdentifier = CombineIdentifier()

        @usableFromInline
        var description: String { "Filter" }

        /// A skipped value is replaced by asking the upstream for one more.
        @usableFromInline
        func receive(_ input: Input) -> Subscribers.Demand {
            isIncluded(input) ? downstream.receive(input) : .max(1)
        }
    }
}
