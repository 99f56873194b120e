extension Publisher {
    /// Turns the upstream's failure into another error with `transform`; values pass unchanged.
    public func mapError<E>(_ transform: @escaping (Self.Failure) -> E) -> Publishers.MapError<Self, E>
    where E: Error {
        Publishers.MapError(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// Converts the failure of its upstream into a different error type.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        public typealias Output = Upstream.Output

        public let upstream: Upstream
        public let transform: (Upstream.Failure) -> Failure

        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
            self.init(upstream: upstream, transform: map)
        }

        public func receive<S>(subscriber: S)
        where Failure == S.Failure, S: Subscriber, Upstream.Output == S.Input {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }
}

extension Publishers.MapError {
    @usableFromInline
    struct Inner<Downstream: Subscriber>: PassThroughSubscriber
    where Downstream.Input == Upstream.Output, Downstream.Failure == Failure {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        @usableFromInline
        let downstream: Downstream
        let transform: (Upstream.Failure) -> Downstream.Failure
        @usableFromInline
        let combineIdentifier = CombineIdentifier()

        @usableFromInline
        var description: String { "MapError" }

        @usableFromInline
        func receive(_ input: Input) -> Subscribers.Demand {
            downstream.receive(input)
        }

        @usableFromInline
        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            switch completion {
            case .finished:
                downstream.receive(completion: .finished)
            case .failure(let error):
                downstream.receive(completion: .failure(transform(error)))
            }
        }
    }
}
