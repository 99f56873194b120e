extension Publisher {
    /// Publishes `false` as soon as a value fails `predicate` (cancelling the upstream), or `true` once the
    /// upstream finishes with every value satisfying it.
    public func allSatisfy(_ predicate: @escaping (Self.Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// Like `allSatisfy(_:)`, with a predicate that may throw; the error cancels the upstream and ends the
    /// stream with it.
    public func tryAllSatisfy(
        _ predicate: @escaping (Self.Output) throws -> Bool
    ) -> Publishers.TryAllSatisfy<Self> {
        Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// Publishes whether every value of its upstream satisfies a predicate.
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Bool {
            let predicate = self.predicate
            upstream.subscribeReducing(
                subscriber,
                named: "AllSatisfy",
                initial: true,
                fold: { satisfied, value in
                    satisfied = predicate(value)
                    return !satisfied
                },
                answer: { $0 }
            )
        }
    }

    /// Publishes whether every value of its upstream satisfies a predicate that may throw.
    public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Error, S.Input == Bool {
            let predicate = self.predicate
            upstream.subscribeReducing(
                subscriber,
                named: "TryAllSatisfy",
                initial: true,
                tryFold: { satisfied, value in
                    satisfied = try predicate(value)
                    return !satisfied
                },
                answer: { $0 }
            )
        }
    }
}
