/// What a gate does with one upstream value.
internal enum GateVerdict<Output> {
    /// Send it on.
    case pass(Output)
    /// Drop it and ask the upstream for one more in its place.
    case skip
    /// Drop it without asking for another: the gate asked for it on its own account.
    case absorb
    /// Drop it and finish, cancelling the upstream.
    case finish
}

/// The subscription behind the operators that decide value by value what passes and when the stream is
/// over: `dropFirst`, `drop(while:)`, `prefix(while:)`, `output(in:)`, `removeDuplicates`, `ignoreOutput`,
/// `tryScan` and the `try` forms of these.
///
/// The downstream sees this object as its subscription, described by the operator's name. Its requests go
/// straight to the upstream, except those made while it is receiving this subscription, which are gathered
/// into one request together with `initialDemand` (what the gate asks for on its own account, as `dropFirst`
/// asks for the values it will drop). A gate that does not forward demand asks for `initialDemand` only.
/// The step runs on the upstream's serialised calls; a thrown error cancels the upstream and fails the
/// downstream. Each value costs one lock round-trip.
internal final class GateSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>:
    Subscriber, Subscription, CustomStringConvertible, CustomPlaygroundDisplayConvertible
{
    typealias Failure = UpstreamFailure
    typealias Step = (Input) throws(Downstream.Failure) -> GateVerdict<Downstream.Input>

    let description: String
    private let lock = Lock()
    private let step: Step
    private let widen: (UpstreamFailure) -> Downstream.Failure
    private let initialDemand: Subscribers.Demand
    private let forwardsDemand: Bool
    // Guarded by `lock`:
    private var upstream: Subscription?
    private var downstream: Downstream?
    private var isClosed = false
    private var isHandingOver = false
    private var demandDuringHandover = Subscribers.Demand.none

    fileprivate init(
        _ description: String,
        downstream: Downstream,
        initialDemand: Subscribers.Demand,
        forwardsDemand: Bool,
        step: @escaping Step,
        widen: @escaping (UpstreamFailure) -> Downstream.Failure
    ) {
        self.description = description
        self.downstream = downstream
        self.initialDemand = initialDemand
        self.forwardsDemand = forwardsDemand
        self.step = step
        self.widen = widen
    }

    deinit {
        lock.deallocate()
    }

    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isClosed, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        isHandingOver = true
        lock.unlock()
        downstream.receive(subscription: self)
        lock.lock()
        isHandingOver = false
        let demand = demandDuringHandover + initialDemand
        demandDuringHandover = .none
        let isOpen = !isClosed
        lock.unlock()
        if isOpen, demand > .none {
            subscription.request(demand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard upstream != nil, !isClosed, let downstream else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        do {
            switch try step(input) {
            case .pass(let output):
                return downstream.receive(output)
            case .skip:
                return .max(1)
            case .absorb:
                return .none
            case .finish:
                guard let upstream = close() else { return .none }
                upstream.cancel()
                finishDownstream(with: .finished)
            }
        } catch {
            guard let upstream = close() else { return .none }
            upstream.cancel()
            finishDownstream(with: .failure(error))
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard close() != nil else { return }
        finishDownstream(with: completion.mapError(widen))
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "A subscriber requested no values; demand must be positive")
        guard forwardsDemand else { return }
        lock.lock()
        if isHandingOver {
            demandDuringHandover += demand
            lock.unlock()
            return
        }
        let upstream = isClosed ? nil : self.upstream
        lock.unlock()
        upstream?.request(demand)
    }

    func cancel() {
        lock.lock()
        let upstream = isClosed ? nil : self.upstream
        let released = downstream
        isClosed = true
        self.upstream = nil
        downstream = nil
        lock.unlock()
        upstream?.cancel()
        withExtendedLifetime(released) {}
    }

    /// Stops all traffic once; returns the upstream subscription to the one caller that stopped it.
    private func close() -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        guard let upstream, !isClosed else { return nil }
        isClosed = true
        self.upstream = nil
        return upstream
    }

    /// Sends the completion unless the downstream cancelled meanwhile, and lets go of the downstream.
    private func finishDownstream(with completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        let downstream = self.downstream
        self.downstream = nil
        lock.unlock()
        downstream?.receive(completion: completion)
    }
}

extension Subscribers.Completion {
    /// The same completion with its error changed by `transform`.
    fileprivate func mapError<Widened: Error>(
        _ transform: (Failure) -> Widened
    ) -> Subscribers.Completion<Widened> {
        switch self {
        case .finished: return .finished
        case .failure(let error): return .failure(transform(error))
        }
    }
}

extension Publisher {
    /// Attaches `downstream` through a `GateSubscription` whose step cannot throw.
    internal func subscribeGated<Downstream: Subscriber>(
        _ downstream: Downstream,
        named description: String,
        initialDemand: Subscribers.Demand = .none,
        forwardsDemand: Bool = true,
        step: @escaping (Output) -> GateVerdict<Downstream.Input>
    ) where Downstream.Failure == Failure {
        subscribe(
            GateSubscription<Output, Failure, Downstream>(
                description,
                downstream: downstream,
                initialDemand: initialDemand,
                forwardsDemand: forwardsDemand,
                step: step,
                widen: { $0 }
            )
        )
    }

    /// Attaches `downstream` through a `GateSubscription` whose step may throw; the error ends the stream.
    internal func subscribeGated<Downstream: Subscriber>(
        _ downstream: Downstream,
        named description: String,
        tryStep: @escaping (Output) throws -> GateVerdict<Downstream.Input>
    ) where Downstream.Failure == Error {
        subscribe(
            GateSubscription<Output, Failure, Downstream>(
                description,
                downstream: downstream,
                initialDemand: .none,
                forwardsDemand: true,
                step: tryStep,
                widen: { $0 }
            )
        )
    }
}
