/// What the first value of the trigger publisher does.
internal enum TriggerRule {
    /// `prefix(untilOutputFrom:)`: the trigger's first value finishes the stream.
    case ends
    /// `drop(untilOutputFrom:)`: upstream values are dropped until the trigger's first value.
    case opens
}

/// The subscription behind `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`: an upstream whose
/// values pass or stop depending on a second, trigger publisher.
///
/// The trigger is subscribed first and asked for one value, then the upstream. As with Apple's,
/// `drop(untilOutputFrom:)` hands the downstream this subscription before either, and the upstream gets
/// the requests made before it subscribed in one request; `prefix(untilOutputFrom:)` hands it over only
/// when the upstream's subscription arrives, so a trigger that fires first finishes a stream that never
/// had a subscription. Once the trigger has sent its value it is ignored but, as with
/// Apple's, not cancelled. Values dropped before an opening trigger count against the downstream's demand.
/// Only one thread calls the downstream at a time: a completion caused by the trigger while an upstream
/// value is being delivered is passed on by the delivering thread when it returns.
internal final class UntilOutputSubscription<TriggerOutput, TriggerFailure: Error, Downstream: Subscriber>:
    Subscription, ReflectsNoChildren
{
    private enum Link {
        case awaiting
        case active(Subscription)
        case done

        var subscription: Subscription? {
            if case .active(let subscription) = self { return subscription }
            return nil
        }
    }

    let description: String
    private let rule: TriggerRule
    /// What a trigger failure does to the stream: `nil` to ignore it.
    private let triggerFailure: (TriggerFailure) -> Downstream.Failure?
    private let lock = Lock()
    /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
    /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
    /// (`Sink` lets go as it ends).
    private let downstreamForLife: Downstream
    // Guarded by `lock`:
    private var downstream: Downstream?
    private var upstream = Link.awaiting
    private var trigger = Link.awaiting
    private var isOpen: Bool
    private var demandBeforeUpstream = Subscribers.Demand.none
    private var isDelivering = false
    private var pendingCompletion: Subscribers.Completion<Downstream.Failure>?

    internal init(
        _ rule: TriggerRule,
        named description: String,
        downstream: Downstream,
        triggerFailure: @escaping (TriggerFailure) -> Downstream.Failure?
    ) {
        self.rule = rule
        self.description = description
        self.downstream = downstream
        downstreamForLife = downstream
        self.triggerFailure = triggerFailure
        isOpen = rule == .ends
    }

    deinit {
        lock.deallocate()
    }

    /// Hands this subscription to the downstream, then subscribes the trigger and the upstream.
    internal func start<Trigger: Publisher, Upstream: Publisher>(trigger: Trigger, upstream: Upstream)
    where
        Trigger.Output == TriggerOutput, Trigger.Failure == TriggerFailure,
        Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure
    {
        if rule == .opens {
            lock.lock()
            let downstream = self.downstream
            lock.unlock()
            downstream?.receive(subscription: self)
        }
        trigger.subscribe(TriggerLeg(owner: self))
        upstream.subscribe(UpstreamLeg(owner: self))
    }

    func request(_ demand: Subscribers.Demand) {
        // Asking for nothing is harmless; as with Apple's, `prefix(untilOutputFrom:)` still passes it on.
        guard demand > .none || rule == .ends else { return }
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        guard let upstream = upstream.subscription else {
            if case .awaiting = self.upstream {
                demandBeforeUpstream += demand
            }
            lock.unlock()
            return
        }
        lock.unlock()
        upstream.request(demand)
    }

    func cancel() {
        lock.lock()
        let released = downstream
        let cancelled = end()
        lock.unlock()
        cancelled.forEach { $0.cancel() }
        withExtendedLifetime(released) {}
    }

    // MARK: The upstream

    fileprivate func receiveUpstream(subscription: Subscription) {
        lock.lock()
        guard case .awaiting = upstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = .active(subscription)
        let demand = demandBeforeUpstream
        demandBeforeUpstream = .none
        let downstream = rule == .ends ? self.downstream : nil
        lock.unlock()
        downstream?.receive(subscription: self)
        if demand > .none {
            subscription.request(demand)
        }
    }

    fileprivate func receiveUpstream(_ input: Downstream.Input) -> Subscribers.Demand {
        lock.lock()
        guard let downstream, pendingCompletion == nil, upstream.subscription != nil, isOpen else {
            lock.unlock()
            return .none
        }
        isDelivering = true
        lock.unlock()
        let more = downstream.receive(input)
        lock.lock()
        isDelivering = false
        guard let completion = pendingCompletion, self.downstream != nil else {
            lock.unlock()
            return more
        }
        _ = end()
        lock.unlock()
        downstream.receive(completion: completion)
        return .none
    }

    fileprivate func receiveUpstream(completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        guard let downstream, pendingCompletion == nil, upstream.subscription != nil else {
            lock.unlock()
            return
        }
        upstream = .done
        let cancelled = end()
        lock.unlock()
        cancelled.forEach { $0.cancel() }
        downstream.receive(completion: completion)
    }

    // MARK: The trigger

    fileprivate func receiveTrigger(subscription: Subscription) {
        lock.lock()
        guard downstream != nil, case .awaiting = trigger else {
            lock.unlock()
            subscription.cancel()
            return
        }
        trigger = .active(subscription)
        lock.unlock()
        subscription.request(.max(1))
    }

    fileprivate func receiveTrigger(_ input: TriggerOutput) -> Subscribers.Demand {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil, trigger.subscription != nil else {
            lock.unlock()
            return .none
        }
        trigger = .done
        switch rule {
        case .opens:
            isOpen = true
            lock.unlock()
        case .ends:
            endFromTrigger(with: .finished)
        }
        return .none
    }

    fileprivate func receiveTrigger(completion: Subscribers.Completion<TriggerFailure>) {
        lock.lock()
        guard downstream != nil, pendingCompletion == nil, trigger.subscription != nil else {
            lock.unlock()
            return
        }
        trigger = .done
        let ending: Subscribers.Completion<Downstream.Failure>? =
            switch (rule, completion) {
            case (.ends, _): nil
            // With no trigger value ever coming, no upstream value would ever pass.
            case (.opens, .finished): .finished
            case (.opens, .failure(let error)): triggerFailure(error).map { .failure($0) }
            }
        guard let ending else {
            lock.unlock()
            return
        }
        let isFinish: Bool
        if case .finished = ending { isFinish = true } else { isFinish = false }
        endFromTrigger(with: ending, acceptingLateUpstream: isFinish)
    }

    /// Ends the stream on the trigger's account, or leaves the completion to a thread delivering an
    /// upstream value. Entered with the lock held; leaves with it released.
    private func endFromTrigger(
        with completion: Subscribers.Completion<Downstream.Failure>, acceptingLateUpstream: Bool = false
    ) {
        let downstream = self.downstream
        let cancelled = closeLinks(acceptingLateUpstream: acceptingLateUpstream)
        let deliversNow = !isDelivering
        if deliversNow {
            self.downstream = nil
        } else {
            pendingCompletion = completion
        }
        lock.unlock()
        cancelled.forEach { $0.cancel() }
        if deliversNow {
            downstream?.receive(completion: completion)
        }
    }

    /// Marks both links done and lets go of the downstream; returns the subscriptions to cancel. Called
    /// with the lock held.
    private func end() -> [Subscription] {
        downstream = nil
        return closeLinks()
    }

    /// Marks both links done; returns the subscriptions still running. Called with the lock held.
    ///
    /// `acceptingLateUpstream` leaves an upstream that has not subscribed yet free to do so: as with
    /// Apple's `drop(untilOutputFrom:)` ended by its trigger's finish, that late subscription is
    /// then asked for the demand gathered before it, not cancelled.
    private func closeLinks(acceptingLateUpstream: Bool = false) -> [Subscription] {
        let running = [upstream.subscription, trigger.subscription].compactMap { $0 }
        trigger = .done
        if case .awaiting = upstream, acceptingLateUpstream { return running }
        upstream = .done
        return running
    }

    /// Attaches the owner to the upstream; like the owner, it reflects with no children.
    private struct UpstreamLeg: Subscriber, ReflectsNoChildren {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        let owner: UntilOutputSubscription

        var combineIdentifier: CombineIdentifier { CombineIdentifier(owner) }

        var description: String { owner.description }

        func receive(subscription: Subscription) {
            owner.receiveUpstream(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            owner.receiveUpstream(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            owner.receiveUpstream(completion: completion)
        }
    }

    /// Attaches the owner to the trigger; like the owner, it reflects with no children.
    private struct TriggerLeg: Subscriber, ReflectsNoChildren {
        typealias Input = TriggerOutput
        typealias Failure = TriggerFailure

        let owner: UntilOutputSubscription

        var combineIdentifier: CombineIdentifier { CombineIdentifier(owner) }

        var description: String { owner.description }

        func receive(subscription: Subscription) {
            owner.receiveTrigger(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            owner.receiveTrigger(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            owner.receiveTrigger(completion: completion)
        }
    }
}
