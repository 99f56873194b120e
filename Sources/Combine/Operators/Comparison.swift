extension Publisher where Self.Output: Comparable {
    /// Publishes the smallest value once the upstream finishes (the first of equal ones).
    public func min() -> Publishers.Comparison<Self> {
        min(by: <)
    }

    /// Publishes the largest value once the upstream finishes (the first of equal ones).
    public func max() -> Publishers.Comparison<Self> {
        max(by: <)
    }
}

extension Publisher {
    /// Publishes the smallest value by `areInIncreasingOrder` once the upstream finishes.
    public func min(
        by areInIncreasingOrder: @escaping (Self.Output, Self.Output) -> Bool
    ) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// Like `min(by:)`, with an ordering that may throw; the error cancels the upstream and ends the stream.
    public func tryMin(
        by areInIncreasingOrder: @escaping (Self.Output, Self.Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// Publishes the largest value by `areInIncreasingOrder` once the upstream finishes.
    public func max(
        by areInIncreasingOrder: @escaping (Self.Output, Self.Output) -> Bool
    ) -> Publishers.Comparison<Self> {
        // The comparison keeps a candidate until a value orders before it; swapping the arguments keeps
        // the largest instead.
        Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
    }

    /// Like `max(by:)`, with an ordering that may throw; the error cancels the upstream and ends the stream.
    public func tryMax(
        by areInIncreasingOrder: @escaping (Self.Output, Self.Output) throws -> Bool
    ) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self) { try areInIncreasingOrder($1, $0) }
    }
}

extension Publishers {
    /// Publishes the value of its upstream that orders first, once the upstream finishes.
    ///
    /// A value replaces the candidate only if it orders strictly before it, so the first of equal values wins.
    public struct Comparison<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

        public init(
            upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool
        ) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let ordersBefore = areInIncreasingOrder
            upstream.subscribeReducing(
                subscriber,
                named: "Comparison",
                initial: Output?.none,
                fold: { candidate, value in
                    if let current = candidate, !ordersBefore(value, current) { return false }
                    candidate = value
                    return false
                },
                answer: { $0 }
            )
        }
    }

    /// Publishes the value of its upstream that orders first by an ordering that may throw.
    public struct TryComparison<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

        public init(
            upstream: Upstream,
            areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
        ) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Output == S.Input, S.Failure == Error {
            let ordersBefore = areInIncreasingOrder
            upstream.subscribeReducing(
                subscriber,
                named: "TryComparison",
                initial: Output?.none,
                tryFold: { candidate, value in
                    if let current = candidate, try !ordersBefore(value, current) { return false }
                    candidate = value
                    return false
                },
                answer: { $0 }
            )
        }
    }
}
