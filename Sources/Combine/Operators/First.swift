extension Publisher {
    /// Publishes the upstream's first value and finishes, cancelling the upstream as soon as it has it.
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Publishes the first value that satisfies `predicate` and finishes, cancelling the upstream.
    public func first(where predicate: @escaping (Self.Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// Publishes the first value that satisfies `predicate`; an error it throws cancels the upstream and
    /// ends the stream with that error.
    public func tryFirst(
        where predicate: @escaping (Self.Output) throws -> Bool
    ) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// Publishes only the first value of its upstream; finishes without a value if there is none.
    public struct First<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribePicking(.first, named: "First", matching: { _ in true }, for: subscriber)
        }
    }

    /// Publishes the first value of its upstream that satisfies a predicate.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Publishers.FirstWhere<Upstream>.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Publishers.FirstWhere<Upstream>.Output) -> Bool)
        {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            // Apple's subscription for `first(where:)` calls itself "TryFirst".
            upstream.subscribePicking(.first, named: "TryFirst", matching: predicate, for: subscriber)
        }
    }

    /// Publishes the first value of its upstream that satisfies a predicate that may throw.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Publishers.TryFirstWhere<Upstream>.Output) throws -> Bool

        public init(
            upstream: Upstream,
            predicate: @escaping (Publishers.TryFirstWhere<Upstream>.Output) throws -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Output == S.Input, S.Failure == Error {
            upstream.subscribePicking(.first, named: "TryFirstWhere", tryMatching: predicate, for: subscriber)
        }
    }
}

extension Publishers.First: Equatable where Upstream: Equatable {
    public static func == (lhs: Publishers.First<Upstream>, rhs: Publishers.First<Upstream>) -> Bool {
        lhs.upstream == rhs.upstream
    }
}
