extension Publisher where Self.Failure == Never {
    /// This publisher, shared through a `PassthroughSubject`, starting only when `connect()` is called.
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}

extension Publishers {
    /// A connectable wrapper: subscribers wait, and `connect()` starts one shared upstream subscription.
    ///
    /// Copies share one multicast, so connecting any copy starts them all.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        private let multicast: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        public init(upstream: Upstream) {
            multicast = Multicast(upstream: upstream) { PassthroughSubject() }
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            multicast.receive(subscriber: subscriber)
        }

        public func connect() -> Cancellable {
            multicast.connect()
        }
    }
}
