extension Publisher {
    /// Sends `output` before finishing if the upstream finishes without having sent a value.
    public func replaceEmpty(with output: Self.Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publishers {
    /// Republishes its upstream, putting one value in place of an empty stream.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let output: Publishers.ReplaceEmpty<Upstream>.Output
        public let upstream: Upstream

        public init(upstream: Upstream, output: Publishers.ReplaceEmpty<Upstream>.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let output = self.output
            let inner = FinalValueSubscription<Upstream.Output, Upstream.Failure, S>(
                "ReplaceEmpty", downstream: subscriber, ownDemand: .unlimited, trapsZeroRequests: true
            ) {
                completion, sawValue in
                if case .finished = completion, !sawValue { return .finish(after: output) }
                return .pass(completion)
            }
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {
    public static func == (
        lhs: Publishers.ReplaceEmpty<Upstream>, rhs: Publishers.ReplaceEmpty<Upstream>
    ) -> Bool {
        lhs.upstream == rhs.upstream && lhs.output == rhs.output
    }
}
