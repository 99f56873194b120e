/// The subscription behind the operators that answer once, from all of their upstream or from as much of it
/// as they need: `collect()`, `reduce`, `count`, `first`, `last`, `min`, `max`, `contains`, `allSatisfy`
/// and their `try` forms.
///
/// It asks the upstream for everything as soon as the downstream holds it, and folds each value into its
/// state. When the upstream finishes, or as soon as the fold reports the answer settled (which cancels the
/// upstream at once), the answer goes downstream: straight away if the downstream has asked for a value,
/// otherwise on its first request. An answer of `nil` means "no value": only `.finished` is sent, and it
/// too waits for a request, as Apple's `first`, `last`, `min` and `max` make it wait. A
/// failure, upstream or thrown by the fold, is passed on at once and cancels the upstream if it came from the
/// fold. Each upstream value costs one lock round-trip.
internal final class ReducingSubscription<Input, State, UpstreamFailure: Error, Downstream: Subscriber>:
    Subscriber, Subscription, CustomStringConvertible, CustomPlaygroundDisplayConvertible, CustomReflectable
{
    typealias Failure = UpstreamFailure
    /// Folds one value into the state; returns `true` once the answer can no longer change.
    typealias Fold = (inout State, Input) throws(Downstream.Failure) -> Bool

    private enum Phase {
        case awaitingUpstream
        case folding(Subscription)
        /// The answer (`nil`: no value, just the finish) is known and waits for the downstream's first request.
        case holding(Downstream.Input?)
        case ended
    }

    let description: String
    private let lock = Lock()
    /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
    /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
    /// (`Sink` lets go as it ends).
    private let downstreamForLife: Downstream
    private let fold: Fold
    private let answer: (State) -> Downstream.Input?
    private let widen: (UpstreamFailure) -> Downstream.Failure
    /// Touched only from the upstream's own (serialised) calls.
    private var state: State
    /// Kept for `customMirror`, which shows it as Apple's does.
    private let initial: State
    /// What the mirror shows instead of the usual children, for an operator whose Apple mirror differs.
    private let reflectedChildren: ((State) -> KeyValuePairs<String, Any>)?
    // Guarded by `lock`:
    private var phase = Phase.awaitingUpstream
    private var downstream: Downstream?
    private var isRequested = false

    fileprivate init(
        _ description: String,
        downstream: Downstream,
        initial: State,
        fold: @escaping Fold,
        answer: @escaping (State) -> Downstream.Input?,
        widen: @escaping (UpstreamFailure) -> Downstream.Failure,
        reflectedChildren: ((State) -> KeyValuePairs<String, Any>)? = nil
    ) {
        self.reflectedChildren = reflectedChildren
        self.description = description
        self.downstream = downstream
        downstreamForLife = downstream
        self.state = initial
        self.initial = initial
        self.fold = fold
        self.answer = answer
        self.widen = widen
    }

    deinit {
        lock.deallocate()
    }

    var playgroundDescription: Any { description }

    /// As Apple's reducing operators do: the downstream, the result so far, the initial state and
    /// where the subscription stands.
    var customMirror: Mirror {
        if let reflectedChildren {
            return Mirror(self, children: reflectedChildren(state))
        }
        let (downstream, phase) = lock.withLock { (self.downstream, self.phase) }
        let status: String
        switch phase {
        case .awaitingUpstream: status = "awaitingSubscription"
        case .folding: status = "subscribed"
        case .holding, .ended: status = "terminal"
        }
        return Mirror(
            self,
            children: [
                ("downstream", downstream as Any), ("result", answer(state) as Any), ("initial", initial),
                ("status", status),
            ])
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingUpstream = phase, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        phase = .folding(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
        lock.lock()
        let isFolding = if case .folding = phase { true } else { false }
        lock.unlock()
        if isFolding {
            subscription.request(.unlimited)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .folding = phase else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        do {
            if try fold(&state, input) {
                settle(cancellingUpstream: true)
            }
        } catch {
            fail(with: error, cancellingUpstream: true)
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        switch completion {
        case .finished:
            settle(cancellingUpstream: false)
        case .failure(let error):
            fail(with: widen(error), cancellingUpstream: false)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "A subscriber requested no values; demand must be positive")
        lock.lock()
        isRequested = true
        guard case .holding(let result) = phase, let downstream else {
            lock.unlock()
            return
        }
        end()
        lock.unlock()
        conclude(with: result, to: downstream)
    }

    func cancel() {
        lock.lock()
        let upstream = if case .folding(let upstream) = phase { upstream } else { Subscription?.none }
        let released = downstream
        end()
        lock.unlock()
        upstream?.cancel()
        withExtendedLifetime(released) {}
    }

    /// The answer is final: send it now if it was asked for, else hold it for a request.
    private func settle(cancellingUpstream: Bool) {
        lock.lock()
        guard case .folding(let upstream) = phase, let downstream else {
            lock.unlock()
            return
        }
        let result = answer(state)
        let sendsNow = isRequested
        if sendsNow {
            end()
        } else {
            phase = .holding(result)
        }
        lock.unlock()
        if cancellingUpstream {
            upstream.cancel()
        }
        if sendsNow {
            conclude(with: result, to: downstream)
        }
    }

    private func fail(with error: Downstream.Failure, cancellingUpstream: Bool) {
        lock.lock()
        guard case .folding(let upstream) = phase, let downstream else {
            lock.unlock()
            return
        }
        end()
        lock.unlock()
        if cancellingUpstream {
            upstream.cancel()
        }
        downstream.receive(completion: .failure(error))
    }

    /// Sends the answer, if there is one, and the finish.
    private func conclude(with result: Downstream.Input?, to downstream: Downstream) {
        if let result {
            _ = downstream.receive(result)
        }
        downstream.receive(completion: .finished)
    }

    /// Marks the subscription over and lets go of the downstream; called with the lock held.
    private func end() {
        phase = .ended
        downstream = nil
    }
}

extension Publisher {
    /// Attaches `downstream` through a `ReducingSubscription` whose fold cannot throw; `reflectedChildren`
    /// replaces the usual mirror children for an operator whose Apple mirror shows others.
    internal func subscribeReducing<Downstream: Subscriber, State>(
        _ downstream: Downstream,
        named description: String,
        initial: State,
        fold: @escaping (inout State, Output) -> Bool,
        answer: @escaping (State) -> Downstream.Input?,
        reflectedChildren: ((State) -> KeyValuePairs<String, Any>)? = nil
    ) where Downstream.Failure == Failure {
        subscribe(
            ReducingSubscription<Output, State, Failure, Downstream>(
                description,
                downstream: downstream,
                initial: initial,
                fold: fold,
                answer: answer,
                widen: { $0 },
                reflectedChildren: reflectedChildren
            )
        )
    }

    /// Attaches `downstream` through a `ReducingSubscription` whose fold may throw; the error ends the stream.
    internal func subscribeReducing<Downstream: Subscriber, State>(
        _ downstream: Downstream,
        named description: String,
        initial: State,
        tryFold: @escaping (inout State, Output) throws -> Bool,
        answer: @escaping (State) -> Downstream.Input?
    ) where Downstream.Failure == Error {
        subscribe(
            ReducingSubscription<Output, State, Failure, Downstream>(
                description,
                downstream: downstream,
                initial: initial,
                fold: tryFold,
                answer: answer,
                widen: { $0 }
            )
        )
    }
}
