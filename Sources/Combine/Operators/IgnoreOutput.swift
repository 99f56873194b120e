extension Publisher {
    /// Leaves out every value and passes on only the completion.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers {
    /// Passes on only its upstream's completion.
    ///
    /// It asks the upstream for every value as soon as the downstream holds the subscription; the
    /// downstream's own requests change nothing, as it never receives a value.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Never {
            upstream.subscribeGated(
                subscriber,
                named: "IgnoreOutput",
                initialDemand: .unlimited,
                forwardsDemand: false
            ) { _ in .absorb }
        }
    }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {
    public static func == (
        lhs: Publishers.IgnoreOutput<Upstream>,
        rhs: Publishers.IgnoreOutput<Upstream>
    ) -> Bool {
        lhs.upstream == rhs.upstream
    }
}
