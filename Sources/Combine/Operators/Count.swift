extension Publisher {
    /// Publishes how many values the upstream sent, once it finishes.
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}

extension Publishers {
    /// Counts the values of its upstream and publishes the count when the upstream finishes.
    public struct Count<Upstream: Publisher>: Publisher {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Int {
            upstream.subscribeReducing(
                subscriber,
                named: "Count",
                initial: 0,
                fold: { count, _ in
                    count += 1
                    return false
                },
                answer: { $0 }
            )
        }
    }
}

extension Publishers.Count: Equatable where Upstream: Equatable {
    public static func == (lhs: Publishers.Count<Upstream>, rhs: Publishers.Count<Upstream>) -> Bool {
        lhs.upstream == rhs.upstream
    }
}
