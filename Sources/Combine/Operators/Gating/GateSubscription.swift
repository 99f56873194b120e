/// What a gate's `customMirror` shows, as Apple's subscription for the operator does: nothing, or its
/// downstream followed by what `extra` lists.
internal enum GateMirror {
    case empty
    case downstream(extra: () -> [Mirror.Child])
}

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
    /// Send it on, then cancel the upstream and finish: it is the last value the gate lets through. The
    /// downstream's demand for it is returned to the upstream all the same, as Apple's operators do.
    case passThenFinish(Output)
}

/// The subscription behind the operators that decide value by value what passes and when the stream is
/// over: `dropFirst`, `drop(while:)`, `prefix(while:)`, `output(in:)`, `removeDuplicates`, `tryScan` and
/// the `try` forms of these.
///
/// The downstream sees this object as its subscription, described by the operator's name. It is handed
/// over once the upstream's subscription arrives or, for `dropFirst` as with Apple's, before the upstream
/// is subscribed. Requests go straight to the upstream, except those made before it is there or while the
/// downstream is receiving this subscription, which are gathered into one request together with
/// `initialDemand` (what the gate asks for on its own account, as `dropFirst` asks for the values it will
/// drop). The step runs on the upstream's serialised calls; a thrown error cancels the upstream and fails
/// the downstream. Each value costs one lock round-trip.
///
/// With `trapsOutOfOrder` (Apple's `prefix(while:)` and `removeDuplicates` and their `try` forms), a
/// value, a completion or a request that comes before the upstream's subscription stops the process, as
/// it does on Apple's platforms; for the others, `earlyEvents` says which early events are handled as if
/// they had come after, as Apple's `dropFirst` (values and completions), `output(in:)` and `tryScan`
/// (values) do.
///
/// With `stepsAfterEnd` (Apple's `output(in:)` and `tryScan`), every value that arrives, even after the
/// stream ended or was cancelled, still runs the step, and what it passes reaches the downstream; only
/// the upstream's completions stop at the end. Such a gate ends from a value only once the upstream's
/// subscription is there, and it takes no lock for a value that passes.
///
/// With `repeatsCompletions` (Apple's `dropFirst`), a completion that comes after the stream has ended
/// by a completion is passed on too; after a cancel none is.
internal final class GateSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>:
    Subscriber, Subscription, CustomStringConvertible, CustomPlaygroundDisplayConvertible, CustomReflectable
{
    typealias Failure = UpstreamFailure
    typealias Step = (Input) throws(Downstream.Failure) -> GateVerdict<Downstream.Input>

    let description: String
    private let lock = Lock()
    /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
    /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
    /// (`Sink` lets go as it ends).
    private let downstreamForLife: Downstream
    private let step: Step
    private let widen: (UpstreamFailure) -> Downstream.Failure
    private let initialDemand: Subscribers.Demand
    private let trapsOutOfOrder: Bool
    private let earlyEvents: EarlyEvents
    private let stepsAfterEnd: Bool
    private let repeatsCompletions: Bool
    private let mirror: GateMirror
    // Guarded by `lock`:
    private var upstream: Subscription?
    private var downstream: Downstream?
    private var isClosed = false
    private var isCancelled = false
    /// The downstream has been given this subscription before the upstream was subscribed.
    private var isHandedOver = false
    private var isHandingOver = false
    /// Requested before the upstream was there to ask.
    private var demandDuringHandover = Subscribers.Demand.none

    fileprivate init(
        _ description: String,
        downstream: Downstream,
        initialDemand: Subscribers.Demand,
        trapsOutOfOrder: Bool,
        earlyEvents: EarlyEvents,
        stepsAfterEnd: Bool,
        repeatsCompletions: Bool,
        mirror: GateMirror,
        step: @escaping Step,
        widen: @escaping (UpstreamFailure) -> Downstream.Failure
    ) {
        self.earlyEvents = earlyEvents
        self.stepsAfterEnd = stepsAfterEnd
        self.repeatsCompletions = repeatsCompletions
        self.mirror = mirror
        self.description = description
        self.downstream = downstream
        downstreamForLife = downstream
        self.initialDemand = initialDemand
        self.trapsOutOfOrder = trapsOutOfOrder
        self.step = step
        self.widen = widen
    }

    deinit {
        lock.deallocate()
    }

    var playgroundDescription: Any { description }

    var customMirror: Mirror {
        switch mirror {
        case .empty:
            return Mirror(self, children: [:])
        case .downstream(let extra):
            let downstream = lock.withLock { self.downstream }
            return Mirror(self, children: [("downstream", downstream as Any)] + extra())
        }
    }

    /// Gives the downstream this subscription ahead of the upstream's; call before subscribing upstream.
    fileprivate func handOverEarly() {
        lock.lock()
        isHandedOver = true
        let downstream = self.downstream
        lock.unlock()
        downstream?.receive(subscription: self)
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isClosed, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        let handsOver = !isHandedOver
        isHandingOver = handsOver
        lock.unlock()
        if handsOver {
            downstream.receive(subscription: self)
        }
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
        if stepsAfterEnd {
            return run(input, sendingTo: downstreamForLife, closingEarly: false)
        }
        lock.lock()
        guard !isClosed, upstream != nil || earlyEvents.includesValues, let downstream else {
            let isEarly = upstream == nil && !isClosed
            lock.unlock()
            if trapsOutOfOrder, isEarly {
                fatalError(
                    "\(description) received a value before its subscription; a publisher must send the subscription first"
                )
            }
            return .none
        }
        lock.unlock()
        return run(input, sendingTo: downstream, closingEarly: true)
    }

    /// Runs the step on one value and acts on its verdict; `closingEarly` says whether a verdict that ends
    /// the stream ends it before the upstream's subscription has come.
    private func run(
        _ input: Input, sendingTo downstream: Downstream, closingEarly: Bool
    ) -> Subscribers.Demand {
        do {
            switch try step(input) {
            case .pass(let output):
                return downstream.receive(output)
            case .passThenFinish(let output):
                let demand = downstream.receive(output)
                guard let ended = close(early: closingEarly) else { return demand }
                ended.subscription?.cancel()
                finishDownstream(with: .finished)
                return demand
            case .skip:
                return .max(1)
            case .absorb:
                return .none
            case .finish:
                guard let ended = close(early: closingEarly) else { return .none }
                ended.subscription?.cancel()
                finishDownstream(with: .finished)
            }
        } catch {
            guard let ended = close(early: closingEarly) else { return .none }
            ended.subscription?.cancel()
            finishDownstream(with: .failure(error))
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard close(early: earlyEvents.includesCompletions) != nil else {
            if repeatsCompletions, lock.withLock({ isClosed && !isCancelled }) {
                downstreamForLife.receive(completion: completion.mapError(widen))
                return
            }
            if trapsOutOfOrder, lock.withLock({ upstream == nil && !isClosed }) {
                fatalError(
                    "\(description) received a completion before its subscription; a publisher must send the subscription first"
                )
            }
            return
        }
        finishDownstream(with: completion.mapError(widen))
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "A subscriber requested no values; demand must be positive")
        lock.lock()
        if trapsOutOfOrder, upstream == nil, !isClosed {
            lock.unlock()
            fatalError("\(description) was asked for values before it had a subscription to ask")
        }
        if isHandingOver || (upstream == nil && !isClosed) {
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
        isCancelled = true
        self.upstream = nil
        downstream = nil
        lock.unlock()
        upstream?.cancel()
        withExtendedLifetime(released) {}
    }

    /// Stops all traffic once, and hands the upstream subscription to the one caller that stopped it. Before
    /// that subscription has come, it stops only if `early` allows (an early event it acts on).
    private func close(early: Bool) -> EndedUpstream? {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed, upstream != nil || early else { return nil }
        isClosed = true
        defer { self.upstream = nil }
        return EndedUpstream(subscription: upstream)
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
    /// Attaches `downstream` through a `GateSubscription` whose step cannot throw; with `handsOverEarly`
    /// the downstream gets its subscription before this publisher is subscribed.
    internal func subscribeGated<Downstream: Subscriber>(
        _ downstream: Downstream,
        named description: String,
        initialDemand: Subscribers.Demand = .none,
        handsOverEarly: Bool = false,
        trapsOutOfOrder: Bool = false,
        earlyEvents: EarlyEvents = .none,
        stepsAfterEnd: Bool = false,
        repeatsCompletions: Bool = false,
        mirror: GateMirror = .empty,
        step: @escaping (Output) -> GateVerdict<Downstream.Input>
    ) where Downstream.Failure == Failure {
        let gate = GateSubscription<Output, Failure, Downstream>(
            description,
            downstream: downstream,
            initialDemand: initialDemand,
            trapsOutOfOrder: trapsOutOfOrder,
            earlyEvents: earlyEvents,
            stepsAfterEnd: stepsAfterEnd,
            repeatsCompletions: repeatsCompletions,
            mirror: mirror,
            step: step,
            widen: { $0 }
        )
        if handsOverEarly {
            gate.handOverEarly()
        }
        subscribe(gate)
    }

    /// Attaches `downstream` through a `GateSubscription` whose step may throw; the error ends the stream.
    internal func subscribeGated<Downstream: Subscriber>(
        _ downstream: Downstream,
        named description: String,
        trapsOutOfOrder: Bool = false,
        earlyEvents: EarlyEvents = .none,
        stepsAfterEnd: Bool = false,
        mirror: GateMirror = .empty,
        tryStep: @escaping (Output) throws -> GateVerdict<Downstream.Input>
    ) where Downstream.Failure == Error {
        subscribe(
            GateSubscription<Output, Failure, Downstream>(
                description,
                downstream: downstream,
                initialDemand: .none,
                trapsOutOfOrder: trapsOutOfOrder,
                earlyEvents: earlyEvents,
                stepsAfterEnd: stepsAfterEnd,
                repeatsCompletions: false,
                mirror: mirror,
                step: tryStep,
                widen: { $0 }
            )
        )
    }
}
