extension Publisher {
    /// Calls the given closures as events pass: the subscription, each value, the completion, a cancel,
    /// and every request (including demand the downstream returns from a value).
    public func handleEvents(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveOutput: ((Self.Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Self.Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self,
            receiveSubscription: receiveSubscription,
            receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion,
            receiveCancel: receiveCancel,
            receiveRequest: receiveRequest
        )
    }
}

extension Publishers {
    /// Republishes its upstream unchanged, calling closures as events go by.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public var receiveSubscription: ((Subscription) -> Void)?
        public var receiveOutput: ((Publishers.HandleEvents<Upstream>.Output) -> Void)?
        public var receiveCompletion:
            ((Subscribers.Completion<Publishers.HandleEvents<Upstream>.Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Void)? = nil,
            receiveOutput: ((Publishers.HandleEvents<Upstream>.Output) -> Void)? = nil,
            receiveCompletion: (
                (Subscribers.Completion<Publishers.HandleEvents<Upstream>.Failure>) -> Void
            )? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)?
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(Inner(downstream: subscriber, handlers: Handlers(self)))
        }
    }
}

extension Publishers.HandleEvents {
    /// The closures alone, without the upstream publisher: as with Apple's, a subscription does not keep
    /// its upstream publisher alive (a relay that finishes from its `deinit` must be free to go).
    fileprivate struct Handlers {
        let receiveSubscription: ((Subscription) -> Void)?
        let receiveOutput: ((Output) -> Void)?
        let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        let receiveCancel: (() -> Void)?
        let receiveRequest: ((Subscribers.Demand) -> Void)?

        init(_ publisher: Publishers.HandleEvents<Upstream>) {
            receiveSubscription = publisher.receiveSubscription
            receiveOutput = publisher.receiveOutput
            receiveCompletion = publisher.receiveCompletion
            receiveCancel = publisher.receiveCancel
            receiveRequest = publisher.receiveRequest
        }
    }
}

extension Publishers.HandleEvents {
    /// Relays every event, calling the matching closure first.
    ///
    /// After the completion or a cancel the closures are let go of (they often capture their owner),
    /// so later events pass without them, as on Apple platforms. Closures run outside the lock.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, ReflectsNoChildren
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let lock = Lock()
        @exclusivity(unchecked) private var handlers: Handlers?
        @exclusivity(unchecked) private var upstream: Subscription?

        init(downstream: Downstream, handlers: Handlers) {
            self.downstream = downstream
            self.handlers = handlers
        }

        deinit {
            lock.deallocate()
        }

        var description: String { "HandleEvents" }

        /// As with Apple's, the hook sees every subscription that comes while the handlers are kept, even
        /// one that is cancelled because another came first.
        func receive(subscription: Subscription) {
            lock.lock()
            let handler = handlers?.receiveSubscription
            guard upstream == nil, handlers != nil else {
                lock.unlock()
                handler?(subscription)
                subscription.cancel()
                return
            }
            upstream = subscription
            lock.unlock()
            handler?(subscription)
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let handler = lock.withLock { handlers?.receiveOutput }
            handler?(input)
            let additional = downstream.receive(input)
            if additional > .none {
                lock.withLock { handlers?.receiveRequest }?(additional)
            }
            return additional
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let handler = handlers?.receiveCompletion
            let released = (handlers, upstream)
            handlers = nil
            upstream = nil
            lock.unlock()
            handler?(completion)
            downstream.receive(completion: completion)
            withExtendedLifetime(released) {}
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            let handler = handlers?.receiveRequest
            let current = upstream
            lock.unlock()
            handler?(demand)
            current?.request(demand)
        }

        func cancel() {
            lock.lock()
            let handler = handlers?.receiveCancel
            let released = handlers
            let current = upstream
            handlers = nil
            upstream = nil
            lock.unlock()
            handler?()
            current?.cancel()
            withExtendedLifetime(released) {}
        }
    }
}
