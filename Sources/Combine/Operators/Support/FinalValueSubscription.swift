/// The subscription behind `replaceError(with:)` and `replaceEmpty(with:)`: it relays the upstream,
/// and when the upstream's completion calls for it, sends one last value of its own and finishes.
///
/// That last value waits for demand like any other: if the downstream has none left when the
/// upstream completes, it goes out on the downstream's next request. Besides passing the downstream's
/// requests on, it may ask the upstream for values on its own account (`replaceEmpty` asks for all of
/// them, as Apple's does). As Apple's do, `replaceError` stops the process on a value the downstream
/// did not ask for (`trapsUnwantedValues`) and `replaceEmpty` on a request for no values
/// (`trapsZeroRequests`).
internal final class FinalValueSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>:
    Subscriber, Subscription, ReflectsNoChildren
where Downstream.Input == Input {
    typealias Failure = UpstreamFailure

    /// What the downstream gets in place of the upstream's completion.
    enum Ending {
        case pass(Subscribers.Completion<Downstream.Failure>)
        case finish(after: Input)
    }

    /// Chooses the ending from the upstream's completion and whether any value came before it.
    typealias Decision = (_ completion: Subscribers.Completion<UpstreamFailure>, _ sawValue: Bool) -> Ending

    let description: String
    private let downstream: Downstream
    private let decide: Decision
    /// Asked of the upstream once the downstream holds this subscription.
    private let ownDemand: Subscribers.Demand
    private let trapsUnwantedValues: Bool
    private let trapsZeroRequests: Bool
    private let lock = Lock()
    @exclusivity(unchecked) private var upstream: Subscription?
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var sawValue = false
    @exclusivity(unchecked) private var lastValue: Input?
    /// Cancelled, or the completion is decided.
    @exclusivity(unchecked) private var isDone = false
    /// As with Apple's, events before the upstream's subscription, and after its first completion, are
    /// ignored.
    @exclusivity(unchecked) private var hasSubscribed = false
    @exclusivity(unchecked) private var hasCompleted = false

    init(
        _ description: String, downstream: Downstream, ownDemand: Subscribers.Demand = .none,
        trapsUnwantedValues: Bool = false, trapsZeroRequests: Bool = false,
        decide: @escaping Decision
    ) {
        self.description = description
        self.downstream = downstream
        self.ownDemand = ownDemand
        self.trapsUnwantedValues = trapsUnwantedValues
        self.trapsZeroRequests = trapsZeroRequests
        self.decide = decide
    }

    deinit {
        lock.deallocate()
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isDone else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        hasSubscribed = true
        lock.unlock()
        downstream.receive(subscription: self)
        guard ownDemand > .none, lock.withLock({ !isDone }) else { return }
        subscription.request(ownDemand)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard !isDone, hasSubscribed, !hasCompleted else {
            lock.unlock()
            return .none
        }
        sawValue = true
        if demand > .none {
            demand -= 1
        } else if trapsUnwantedValues, upstream != nil {
            lock.unlock()
            fatalError(
                "\(description) received a value its subscriber did not ask for; a publisher must respect demand"
            )
        }
        lock.unlock()
        let additional = downstream.receive(input)
        lock.withLock { demand += additional }
        return additional
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard !isDone, hasSubscribed, !hasCompleted else {
            lock.unlock()
            return
        }
        hasCompleted = true
        upstream = nil
        switch decide(completion, sawValue) {
        case .pass(let ending):
            isDone = true
            lock.unlock()
            downstream.receive(completion: ending)
        case .finish(let value):
            guard demand > .none else {
                lastValue = value
                lock.unlock()
                return
            }
            isDone = true
            lock.unlock()
            finish(after: value)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        if trapsZeroRequests {
            precondition(
                demand > .none, "\(description) was asked for no values; a request must be for at least one")
        }
        lock.lock()
        guard !isDone else {
            lock.unlock()
            return
        }
        if let value = lastValue {
            isDone = true
            lastValue = nil
            lock.unlock()
            finish(after: value)
            return
        }
        self.demand += demand
        let current = upstream
        lock.unlock()
        current?.request(demand)
    }

    func cancel() {
        lock.lock()
        isDone = true
        lastValue = nil
        let current = upstream
        upstream = nil
        lock.unlock()
        current?.cancel()
    }

    private func finish(after value: Input) {
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
    }
}
