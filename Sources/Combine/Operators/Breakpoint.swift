extension Publisher {
    /// Stops in the debugger (raises `SIGTRAP`) when one of the closures returns `true` for an event.
    public func breakpoint(
        receiveSubscription: ((Subscription) -> Bool)? = nil,
        receiveOutput: ((Self.Output) -> Bool)? = nil,
        receiveCompletion: ((Subscribers.Completion<Self.Failure>) -> Bool)? = nil
    ) -> Publishers.Breakpoint<Self> {
        Publishers.Breakpoint(
            upstream: self,
            receiveSubscription: receiveSubscription,
            receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion
        )
    }

    /// Stops in the debugger (raises `SIGTRAP`) if the upstream fails.
    public func breakpointOnError() -> Publishers.Breakpoint<Self> {
        breakpoint(receiveCompletion: { completion in
            if case .failure = completion { return true }
            return false
        })
    }
}

extension Publishers {
    /// Republishes its upstream unchanged, raising `SIGTRAP` when a closure asks for it. Without a
    /// debugger attached, the signal ends the process.
    public struct Breakpoint<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let receiveSubscription: ((Subscription) -> Bool)?
        public let receiveOutput: ((Upstream.Output) -> Bool)?
        public let receiveCompletion:
            ((Subscribers.Completion<Publishers.Breakpoint<Upstream>.Failure>) -> Bool)?

        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Bool)? = nil,
            receiveOutput: ((Upstream.Output) -> Bool)? = nil,
            receiveCompletion: ((Subscribers.Completion<Publishers.Breakpoint<Upstream>.Failure>) -> Bool)? =
                nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(
                Inner(
                    downstream: subscriber, receiveSubscription: receiveSubscription,
                    receiveOutput: receiveOutput, receiveCompletion: receiveCompletion))
        }
    }
}

extension Publishers.Breakpoint {
    /// Checks each event against the conditions, then hands it on; the subscription passes straight through.
    ///
    /// It keeps the conditions alone, not the upstream publisher, as Apple's does.
    private struct Inner<Downstream: Subscriber>: PassThroughSubscriber
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let downstream: Downstream
        let receiveSubscription: ((Subscription) -> Bool)?
        let receiveOutput: ((Input) -> Bool)?
        let receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?
        let combineIdentifier = CombineIdentifier()

        var description: String { "Breakpoint" }

        func receive(subscription: Subscription) {
            stopIf(receiveSubscription?(subscription))
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            stopIf(receiveOutput?(input))
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            stopIf(receiveCompletion?(completion))
            downstream.receive(completion: completion)
        }

        private func stopIf(_ condition: Bool?) {
            if condition == true {
                raiseDebuggerTrap()
            }
        }
    }
}
