extension Publisher {
    /// Ends with `output` and a normal finish instead of failing.
    public func replaceError(with output: Self.Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

extension Publishers {
    /// Republishes its upstream, turning a failure into one last value and `.finished`.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        public let output: Publishers.ReplaceError<Upstream>.Output
        public let upstream: Upstream

        public init(upstream: Upstream, output: Publishers.ReplaceError<Upstream>.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Output == S.Input, S.Failure == Never {
            let output = self.output
            let inner = FinalValueSubscription<Upstream.Output, Upstream.Failure, S>(
                "ReplaceError", downstream: subscriber, trapsUnwantedValues: true
            ) {
                completion, _ in
                if case .failure = completion { return .finish(after: output) }
                return .pass(.finished)
            }
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {
    public static func == (
        lhs: Publishers.ReplaceError<Upstream>, rhs: Publishers.ReplaceError<Upstream>
    ) -> Bool {
        lhs.upstream == rhs.upstream && lhs.output == rhs.output
    }
}
