extension Publisher {
    /// Drops values until `publisher` sends its first value, then passes on the rest.
    public func drop<P>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where P: Publisher, Self.Failure == P.Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// Leaves out its upstream's values until a second publisher sends a value.
    ///
    /// If the second publisher finishes first, no value could ever pass, so the stream finishes; if it
    /// fails first, the stream fails. Either way the upstream is cancelled.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
    where Upstream.Failure == Other.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let other: Other

        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Output == S.Input, Other.Failure == S.Failure {
            UntilOutputSubscription<Other.Output, Other.Failure, S>(
                .opens,
                named: "DropUntilOutput",
                downstream: subscriber,
                triggerFailure: { $0 }
            )
            .start(trigger: other, upstream: upstream)
        }
    }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {
    public static func == (
        lhs: Publishers.DropUntilOutput<Upstream, Other>,
        rhs: Publishers.DropUntilOutput<Upstream, Other>
    ) -> Bool {
        lhs.upstream == rhs.upstream && lhs.other == rhs.other
    }
}
