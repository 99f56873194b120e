/// The subscription behind the operators whose step for each value may throw (`tryMap`,
/// `tryFilter`, `tryCompactMap`, `decode`, `encode`).
///
/// A thrown error cancels the upstream and reaches the downstream as its failure; after that, and
/// after a completion or a cancel, nothing more passes in either direction. The downstream sees this
/// object as its subscription, described by the operator's name.
///
/// With `trapsOutOfOrder` (Apple's `tryFilter` and `tryCompactMap`), a value, a completion or a request
/// before the upstream's subscription stops the process, as on Apple's platforms, and a cancel before it
/// cancels the subscription when it comes. Without it, `earlyEvents` says which events that come before
/// the subscription are handled as if they had come after: values for Apple's `tryMap`, values and
/// completions for `encode` and `decode`.
///
/// With `stepsAfterEnd` (Apple's `tryMap`), every value that arrives, even after the stream ended or was
/// cancelled, still runs the step: what it yields reaches the downstream, and each error it throws
/// reaches the downstream as a failure (the upstream is cancelled only the first time). Only the
/// upstream's completions stop at the end. A value then takes no lock.
@usableFromInline
internal final class ThrowingStepSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>:
    Subscriber, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Failure == Error {
    /// What `customMirror` shows, as Apple's subscription for the operator does.
    enum MirrorStyle {
        /// No children (`tryMap`).
        case empty
        /// The downstream (`tryFilter`, `tryCompactMap`).
        case downstream
        /// The downstream, whether it has finished, and the upstream's subscription (`encode`, `decode`).
        case coding
    }

    @usableFromInline typealias Failure = UpstreamFailure
    /// Turns one upstream value into the value to send, or into `nil` to skip it.
    typealias Step = (Input) throws -> Downstream.Input?

    @usableFromInline
    let description: String
    private let downstream: Downstream
    private let step: Step
    private let trapsOutOfOrder: Bool
    private let earlyEvents: EarlyEvents
    private let stepsAfterEnd: Bool
    private let mirrorStyle: MirrorStyle
    private let lock = Lock()
    /// The upstream's subscription while values may flow.
    @exclusivity(unchecked) private var upstream: Subscription?
    @exclusivity(unchecked) private var isTerminated = false

    init(
        _ description: String, downstream: Downstream, trapsOutOfOrder: Bool = false,
        earlyEvents: EarlyEvents = .values, stepsAfterEnd: Bool = false, mirror: MirrorStyle = .empty,
        step: @escaping Step
    ) {
        self.earlyEvents = trapsOutOfOrder ? .none : earlyEvents
        self.stepsAfterEnd = stepsAfterEnd && !trapsOutOfOrder
        self.mirrorStyle = mirror
        self.description = description
        self.downstream = downstream
        self.trapsOutOfOrder = trapsOutOfOrder
        self.step = step
    }

    deinit {
        lock.deallocate()
    }

    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    var customMirror: Mirror {
        switch mirrorStyle {
        case .empty:
            return Mirror(self, children: [:])
        case .downstream:
            return Mirror(self, children: ["downstream": downstream])
        case .coding:
            let (upstream, finished) = lock.withLock { (self.upstream, isTerminated) }
            return Mirror(
                self,
                children: [
                    ("downstream", downstream), ("finished", finished),
                    ("upstreamSubscription", upstream as Any),
                ]
            )
        }
    }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !isTerminated else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: self)
    }

    @usableFromInline
    func receive(_ input: Input) -> Subscribers.Demand {
        if stepsAfterEnd {
            return runAfterAnyEnd(input)
        }
        lock.lock()
        let isEarly = upstream == nil && !isTerminated
        let isActive = !isTerminated && (upstream != nil || earlyEvents.includesValues)
        lock.unlock()
        guard isActive else {
            if trapsOutOfOrder, isEarly {
                fatalError(
                    "\(description) received a value before its subscription; a publisher must send the subscription first"
                )
            }
            return .none
        }
        do {
            guard let output = try step(input) else { return .max(1) }
            return downstream.receive(output)
        } catch {
            guard let ended = terminate(early: earlyEvents.includesValues) else { return .none }
            ended.subscription?.cancel()
            downstream.receive(completion: .failure(error))
            return .none
        }
    }

    /// Runs the step on a value whatever the state, as `stepsAfterEnd` describes.
    private func runAfterAnyEnd(_ input: Input) -> Subscribers.Demand {
        do {
            guard let output = try step(input) else { return .max(1) }
            return downstream.receive(output)
        } catch {
            let upstream = lock.withLock {
                isTerminated = true
                defer { self.upstream = nil }
                return self.upstream
            }
            upstream?.cancel()
            downstream.receive(completion: .failure(error))
            return .none
        }
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard terminate(early: earlyEvents.includesCompletions) != nil else {
            if trapsOutOfOrder, lock.withLock({ upstream == nil && !isTerminated }) {
                fatalError(
                    "\(description) received a completion before its subscription; a publisher must send the subscription first"
                )
            }
            return
        }
        downstream.receive(completion: completion.erased)
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = self.upstream
        let isEarly = upstream == nil && !isTerminated
        lock.unlock()
        if trapsOutOfOrder, isEarly {
            fatalError("\(description) was asked for values before it had a subscription to ask")
        }
        upstream?.request(demand)
    }

    @usableFromInline
    func cancel() {
        if trapsOutOfOrder {
            lock.lock()
            let wasWaiting = upstream == nil && !isTerminated
            if wasWaiting { isTerminated = true }
            lock.unlock()
            if wasWaiting { return }
        }
        terminate(early: false)?.subscription?.cancel()
    }

    /// Ends the subscription once; returns to the one caller that ended it the upstream subscription it
    /// held, if any. Before that subscription has come, it ends only if `early` allows.
    private func terminate(early: Bool) -> EndedUpstream? {
        lock.lock()
        defer { lock.unlock() }
        guard !isTerminated, upstream != nil || early else { return nil }
        isTerminated = true
        defer { self.upstream = nil }
        return EndedUpstream(subscription: upstream)
    }
}
