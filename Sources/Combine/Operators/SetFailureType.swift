extension Publisher where Self.Failure == Never {
    /// Declares a failure type for a publisher that cannot fail, so it can be combined with ones that can.
    public func setFailureType<E>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E>
    where E: Error {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publishers {
    /// Republishes a never-failing upstream under a different failure type.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
    where Upstream.Failure == Never {
        public typealias Output = Upstream.Output

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S)
        where Failure == S.Failure, S: Subscriber, Upstream.Output == S.Input {
            upstream.subscribe(Inner(downstream: subscriber))
        }

        public func setFailureType<E>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E>
        where E: Error {
            Publishers.SetFailureType(upstream: upstream)
        }
    }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {
    public static func == (
        lhs: Publishers.SetFailureType<Upstream, Failure>,
        rhs: Publishers.SetFailureType<Upstream, Failure>
    ) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

extension Publishers.SetFailureType {
    @usableFromInline
    struct Inner<Downstream: Subscriber>: PassThroughSubscriber
    where Downstream.Input == Upstream.Output, Downstream.Failure == Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Never

        @usableFromInline
        let downstream: Downstream
        @usableFromInline
        let combineIdentifier = CombineIdentifier()

        @usableFromInline
        var description: String { "SetFailureType" }

        @usableFromInline
        func receive(_ input: Input) -> Subscribers.Demand {
            downstream.receive(input)
        }

        @usableFromInline
        func receive(completion: Subscribers.Completion<Never>) {
            downstream.receive(completion: .finished)
        }
    }
}
