extension Publisher {
    /// Leaves out every value and passes on only the completion.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers {
    /// Passes on only its upstream's completion.
    ///
    /// As with Apple's, the downstream gets the upstream's own subscription (its requests and cancel reach
    /// the upstream as they are), and the operator asks the upstream for every value itself.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Never {
            upstream.subscribe(Inner(downstream: subscriber))
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

extension Publishers.IgnoreOutput {
    /// Drops every value on its way down.
    private struct Inner<Downstream: Subscriber>: PassThroughSubscriber
    where Downstream.Input == Never, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let downstream: Downstream
        let combineIdentifier = CombineIdentifier()

        var description: String { "IgnoreOutput" }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            .none
        }
    }
}
