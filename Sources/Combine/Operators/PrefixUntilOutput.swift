extension Publisher {
    /// Passes on values until `publisher` sends its first value, then finishes, cancelling both.
    public func prefix<P>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P>
    where P: Publisher {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// Republishes its upstream's values until a second publisher sends a value.
    ///
    /// The second publisher's completion, and any failure of it, leave the stream running.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let other: Other

        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            UntilOutputSubscription<Other.Output, Other.Failure, S>(
                .ends,
                named: "PrefixUntilOutput",
                downstream: subscriber,
                triggerFailure: { _ in nil }
            )
            .start(trigger: other, upstream: upstream)
        }
    }
}
