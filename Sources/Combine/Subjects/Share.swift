extension Publisher {
    /// One subscription to this publisher, shared by every subscriber of the returned publisher.
    ///
    /// The first subscriber starts it; values are not replayed, so a subscriber arriving after the
    /// upstream finished receives only the completion, and no new upstream subscription is made.
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }
}

extension Publishers {
    /// A multicast through a `PassthroughSubject` that connects itself: what `share()` returns.
    ///
    /// It is a class, and two shares are equal only if they are the same instance.
    public final class Share<Upstream: Publisher>: Publisher, Equatable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public final let upstream: Upstream

        private let shared: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        public init(upstream: Upstream) {
            self.upstream = upstream
            shared = Multicast(upstream: upstream) { PassthroughSubject() }.autoconnect()
        }

        public final func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            shared.receive(subscriber: subscriber)
        }

        public static func == (lhs: Publishers.Share<Upstream>, rhs: Publishers.Share<Upstream>) -> Bool {
            lhs === rhs
        }
    }
}
