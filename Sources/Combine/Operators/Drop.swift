extension Publisher {
    /// Leaves out the first `count` values and passes on the rest.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers {
    /// Leaves out a given number of its upstream's first values.
    ///
    /// As with Apple's, the downstream holds the subscription before the upstream is subscribed; the values
    /// to leave out are asked for up front, together with what the downstream asked for meanwhile, so that
    /// every value the downstream asks for can reach it.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            precondition(count >= 0, "dropFirst(_:) needs a count of zero or more, not \(count)")
            var remaining = count
            upstream.subscribeGated(
                subscriber, named: "Drop", initialDemand: .max(count), handsOverEarly: true,
                earlyEvents: .valuesAndCompletions, repeatsCompletions: true
            ) { value in
                guard remaining > 0 else { return .pass(value) }
                remaining -= 1
                return .absorb
            }
        }
    }
}

extension Publishers.Drop: Equatable where Upstream: Equatable {
    public static func == (lhs: Publishers.Drop<Upstream>, rhs: Publishers.Drop<Upstream>) -> Bool {
        lhs.upstream == rhs.upstream && lhs.count == rhs.count
    }
}
