extension Publisher {
    /// Replaces a failed upstream with the publisher `handler` makes from the error.
    public func `catch`<P>(_ handler: @escaping (Self.Failure) -> P) -> Publishers.Catch<Self, P>
    where P: Publisher, Self.Output == P.Output {
        Publishers.Catch(upstream: self, handler: handler)
    }

    /// Replaces a failed upstream with the publisher `handler` makes from the error; an error thrown by
    /// `handler` ends the stream instead.
    public func tryCatch<P>(_ handler: @escaping (Self.Failure) throws -> P) -> Publishers.TryCatch<Self, P>
    where P: Publisher, Self.Output == P.Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}

extension Publishers {
    /// Republishes its upstream until it fails, then republishes the publisher made from the failure.
    ///
    /// The downstream keeps one subscription throughout; demand it asked for and has not yet been
    /// served carries over to the replacement publisher.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure

        public let upstream: Upstream
        public let handler: (Upstream.Failure) -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, NewPublisher.Failure == S.Failure, NewPublisher.Output == S.Input {
            let handler = self.handler
            let inner = RecoveringSubscription<Upstream, NewPublisher, S>(
                "Catch",
                downstream: subscriber,
                recover: { .success(handler($0)) },
                convertFailure: { $0 }
            )
            upstream.subscribe(inner)
        }
    }

    /// Like `Catch`, but the handler may throw, and every failure reaches the downstream as `Error`.
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let handler: (Upstream.Failure) throws -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, NewPublisher.Output == S.Input, S.Failure == Error {
            let handler = self.handler
            let inner = RecoveringSubscription<Upstream, NewPublisher, S>(
                "TryCatch",
                downstream: subscriber,
                recover: { error in Result { try handler(error) } },
                convertFailure: { $0 }
            )
            upstream.subscribe(inner)
        }
    }
}

/// The subscription behind `catch` and `tryCatch`: it relays the upstream, and on its failure
/// subscribes to the replacement and relays that instead.
///
/// It counts the demand the downstream has asked for and not yet been served, so the replacement is
/// asked for exactly what is still owed.
private final class RecoveringSubscription<
    Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber
>:
    Subscriber, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Upstream.Output == NewPublisher.Output, Downstream.Input == Upstream.Output {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum Phase {
        case awaitingUpstream
        case relayingUpstream(Subscription)
        case awaitingReplacement
        case relayingReplacement(Subscription)
        case ended
        /// Ended by the downstream's cancel or by a handler that threw: as Apple's does, values that still
        /// arrive from either publisher are passed on, completions are not.
        case detached

        var subscription: Subscription? {
            switch self {
            case .relayingUpstream(let subscription), .relayingReplacement(let subscription):
                return subscription
            case .awaitingUpstream, .awaitingReplacement, .ended, .detached: return nil
            }
        }

        var isDetached: Bool {
            if case .detached = self { return true }
            return false
        }
    }

    let description: String
    private let downstream: Downstream
    private let recover: (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>
    private let convertFailure: (NewPublisher.Failure) -> Downstream.Failure
    private let lock = Lock()
    @exclusivity(unchecked) private var phase = Phase.awaitingUpstream
    /// Asked for by the downstream and not yet delivered.
    @exclusivity(unchecked) private var owed = Subscribers.Demand.none

    init(
        _ description: String,
        downstream: Downstream,
        recover: @escaping (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>,
        convertFailure: @escaping (NewPublisher.Failure) -> Downstream.Failure
    ) {
        self.description = description
        self.downstream = downstream
        self.recover = recover
        self.convertFailure = convertFailure
    }

    deinit {
        lock.deallocate()
    }

    var playgroundDescription: Any { description }

    /// As Apple's does: the downstream and the demand it is still owed.
    var customMirror: Mirror {
        let owed = lock.withLock { self.owed }
        return Mirror(self, children: ["downstream": downstream, "demand": owed])
    }

    // MARK: The upstream

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingUpstream = phase else {
            lock.unlock()
            subscription.cancel()
            return
        }
        phase = .relayingUpstream(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        lock.lock()
        guard case .relayingUpstream = phase else {
            let isEarly: Bool
            if case .awaitingUpstream = phase { isEarly = true } else { isEarly = false }
            let isDetached = phase.isDetached
            lock.unlock()
            if isDetached {
                return downstream.receive(input)
            }
            // As Apple's does, a value before the subscription stops the process.
            if isEarly {
                fatalError(
                    "\(description) received a value before its subscription; a publisher must send the subscription first"
                )
            }
            return .none
        }
        let isWanted = owed > .none
        lock.unlock()
        // As Apple's does, a value the downstream has not asked for stops the process.
        if !isWanted {
            fatalError(
                "\(description) received a value its subscriber did not ask for; a publisher must respect demand"
            )
        }
        let additional = downstream.receive(input)
        lock.lock()
        if owed > .none {
            owed -= 1
        }
        owed += additional
        lock.unlock()
        return additional
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        lock.lock()
        guard case .relayingUpstream = phase else {
            let isSwitching: Bool
            switch phase {
            case .awaitingReplacement, .relayingReplacement: isSwitching = true
            default: isSwitching = false
            }
            lock.unlock()
            // As Apple's does, an upstream that completes again after failing stops the process.
            if isSwitching {
                fatalError(
                    "\(description)'s upstream completed after it had already failed; a publisher completes once"
                )
            }
            return
        }
        switch completion {
        case .finished:
            phase = .ended
            lock.unlock()
            downstream.receive(completion: .finished)
        case .failure(let error):
            phase = .awaitingReplacement
            lock.unlock()
            switch recover(error) {
            case .success(let replacement):
                replacement.subscribe(ReplacementSubscriber(parent: self))
            case .failure(let handlerError):
                lock.lock()
                phase = .detached
                lock.unlock()
                downstream.receive(completion: .failure(handlerError))
            }
        }
    }

    // MARK: The replacement

    fileprivate func replacementReceive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingReplacement = phase else {
            lock.unlock()
            subscription.cancel()
            return
        }
        phase = .relayingReplacement(subscription)
        let stillOwed = owed
        lock.unlock()
        if stillOwed > .none {
            subscription.request(stillOwed)
        }
    }

    fileprivate func replacementReceive(_ input: NewPublisher.Output) -> Subscribers.Demand {
        lock.lock()
        guard case .relayingReplacement = phase else {
            let isDetached = phase.isDetached
            lock.unlock()
            return isDetached ? downstream.receive(input) : .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    fileprivate func replacementReceive(completion: Subscribers.Completion<NewPublisher.Failure>) {
        lock.lock()
        guard case .relayingReplacement = phase else {
            lock.unlock()
            return
        }
        phase = .ended
        lock.unlock()
        switch completion {
        case .finished:
            downstream.receive(completion: .finished)
        case .failure(let error):
            downstream.receive(completion: .failure(convertFailure(error)))
        }
    }

    // MARK: Subscription

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        owed += demand
        let current = phase.subscription
        lock.unlock()
        current?.request(demand)
    }

    /// Apple's `catch` ignores a cancel that arrives while it is switching to the handler's publisher,
    /// and so does this one: the replacement, once subscribed, is relayed as usual.
    func cancel() {
        lock.lock()
        if case .awaitingReplacement = phase {
            lock.unlock()
            return
        }
        let current = phase.subscription
        if current != nil {
            phase = .detached
        }
        lock.unlock()
        current?.cancel()
    }

    /// Subscribes to the replacement publisher on the parent's behalf.
    /// It describes and reflects itself as the parent does, as Apple's does.
    private struct ReplacementSubscriber: Subscriber, CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible
    {
        typealias Input = NewPublisher.Output
        typealias Failure = NewPublisher.Failure

        let parent: RecoveringSubscription
        let combineIdentifier = CombineIdentifier()

        var description: String { parent.description }

        var customMirror: Mirror { parent.customMirror }

        var playgroundDescription: Any { parent.playgroundDescription }

        func receive(subscription: Subscription) {
            parent.replacementReceive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            parent.replacementReceive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            parent.replacementReceive(completion: completion)
        }
    }
}
