/// What `PassthroughSubject` and `CurrentValueSubject` share: their subscribers with each one's
/// demand, the completion once sent, and the upstream subscriptions they were handed.
///
/// As with Apple's subjects, upstream subscriptions are asked for everything only once some subscriber
/// has asked the subject for something, so an upstream subscribed early does not send into the void.
///
/// One recursive lock guards everything and stays held while a subscriber is called. That is the
/// serialisation: sends from many threads reach each subscriber one at a time, in the order they
/// took the lock, and a value never overtakes a completion. Because the lock is recursive, a
/// subscriber may send, request, subscribe or cancel from inside its own `receive`; a call from
/// another thread waits until the subscriber returns (so after `cancel()` returns, nothing more
/// arrives). The price: a subscriber must not block waiting for another thread that uses the same
/// subject. One lock round-trip a value, and no array is copied on the way.
internal final class SubjectCore<Output, Failure: Error>: CustomStringConvertible {
    /// Whether late demand is answered with the latest value (`CurrentValueSubject`) or not.
    internal enum Memory {
        case none
        case latest(Output)
    }

    private let lock = Lock(recursive: true)
    private let name: String
    /// `false` where any demand at all lets a subscriber have every value (Apple's
    /// `ObservableObjectPublisher` does not count its subscribers' demand down).
    fileprivate let countsDemand: Bool
    @exclusivity(unchecked) private var memory: Memory
    @exclusivity(unchecked) private var completion: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) private var conduits: [SubjectConduit<Output, Failure>] = []
    /// How many deliveries are under way (re-entrant ones nest). While it is above zero no conduit
    /// leaves `conduits`, so `send` can reach the only subscriber without retaining it; conduits
    /// cancelled meanwhile are swept out when the outermost delivery returns.
    @exclusivity(unchecked) private var deliveryDepth = 0
    @exclusivity(unchecked) private var needsSweep = false
    private var upstreamSubscriptions: [Subscription] = []
    /// Whether any subscriber has asked for a value yet; until then upstreams are asked for nothing.
    private var hasDownstreamDemand = false

    /// `name` is how subscriptions describe themselves: the subject's type name. With
    /// `asksUpstreamsAtOnce`, as Apple's `CurrentValueSubject` does, an upstream subscription is asked
    /// for everything as soon as it arrives, not once a subscriber has demand.
    internal init(name: String, memory: Memory, countsDemand: Bool = true, asksUpstreamsAtOnce: Bool = false)
    {
        self.name = name
        self.memory = memory
        self.countsDemand = countsDemand
        hasDownstreamDemand = asksUpstreamsAtOnce
    }

    deinit {
        lock.deallocate()
    }

    internal var description: String { name }

    /// Runs `body` with the core's lock held (for reading a conduit's state from outside a delivery).
    fileprivate func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The value remembered with `.latest` memory; `nil` for a subject that remembers none.
    internal var latestValue: Output? {
        lock.withLock {
            guard case .latest(let value) = memory else { return nil }
            return value
        }
    }

    // MARK: From the subject

    /// Subscribes `subscriber`. Its subscription holds `subject` (the subject this core serves) until it
    /// ends, as Apple's subject subscriptions hold their subject: a subject with subscribers lives as long
    /// as they stay, however else it is held. `nil` for the publishers whose subscriptions do not.
    internal func attach<S: Subscriber>(_ subscriber: S, holding subject: AnyObject?)
    where S.Input == Output, S.Failure == Failure {
        lock.lock()
        defer { lock.unlock() }
        if let completion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = SubscriberConduit(core: self, downstream: subscriber)
        conduit.subject = subject
        conduits.append(conduit)
        subscriber.receive(subscription: conduit)
    }

    /// Ignored after the completion, as Apple's is (a `CurrentValueSubject` keeps its last value).
    internal func send(_ value: Output) {
        lock.lock()
        defer { lock.unlock() }
        guard completion == nil else { return }
        if case .latest = memory {
            memory = .latest(value)
        }
        if conduits.count == 1 {
            Unmanaged.passUnretained(conduits[0])._withUnsafeGuaranteedRef { offer(value, to: $0) }
        } else {
            // The loop holds the array as it was; a subscriber joining or leaving meanwhile makes a
            // copy. The held array keeps every conduit alive, so none needs retaining around its
            // delivery; indexing it, because `for conduit in` hands out each conduit retained.
            let held = conduits
            for index in held.indices {
                Unmanaged.passUnretained(held[index])._withUnsafeGuaranteedRef { offer(value, to: $0) }
            }
        }
    }

    /// Sends `value` as `send(_:)` does, except that after the completion it is still remembered (without
    /// reaching anyone), as the `value` setter of Apple's `CurrentValueSubject` does.
    internal func replaceValue(_ value: Output) {
        lock.lock()
        defer { lock.unlock() }
        guard completion == nil else {
            if case .latest = memory {
                memory = .latest(value)
            }
            return
        }
        send(value)
    }

    internal func send(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        defer { lock.unlock() }
        guard self.completion == nil else { return }
        self.completion = completion
        upstreamSubscriptions = []
        let finishing = conduits
        deliveryDepth += 1
        for index in finishing.indices where finishing[index].isActive {
            finishing[index].isActive = false
            finishing[index].deliver(completion: completion)
        }
        deliveryDepth -= 1
        removeFinishedConduits()
    }

    /// Keeps `subscription`, unless the subject has already completed, and asks it for everything
    /// once some subscriber has demand.
    internal func send(subscription: Subscription) {
        lock.lock()
        let accepted = completion == nil
        if accepted { upstreamSubscriptions.append(subscription) }
        let asks = accepted && hasDownstreamDemand
        lock.unlock()
        if asks { subscription.request(.unlimited) }
    }

    /// Cancels every upstream subscription still held; for the subject's `deinit`.
    internal func cancelUpstreams() {
        lock.lock()
        let held = upstreamSubscriptions
        upstreamSubscriptions = []
        lock.unlock()
        for subscription in held {
            subscription.cancel()
        }
    }

    // MARK: From a subscriber's conduit

    fileprivate func request(_ demand: Subscribers.Demand, for conduit: SubjectConduit<Output, Failure>) {
        lock.lock()
        guard conduit.isActive else {
            lock.unlock()
            return
        }
        conduit.demand += countsDemand ? demand : .unlimited
        if case .latest(let value) = memory, conduit.missedLatest {
            offer(value, to: conduit)
        }
        // The first demand from any subscriber opens the upstreams.
        let opened = hasDownstreamDemand ? [] : upstreamSubscriptions
        hasDownstreamDemand = true
        lock.unlock()
        for upstream in opened {
            upstream.request(.unlimited)
        }
    }

    /// The subject the conduit held is let go of once the lock is released: it may be the last holder, and
    /// the subject's `deinit` cancels its upstreams.
    fileprivate func cancel(_ conduit: SubjectConduit<Output, Failure>) {
        lock.lock()
        guard conduit.isActive else {
            lock.unlock()
            return
        }
        conduit.isActive = false
        let subject = conduit.subject.take()
        removeFinishedConduits()
        lock.unlock()
        withExtendedLifetime(subject) {}
    }

    /// Drops the conduits that completed or were cancelled, and lets go of their subscribers: now, or,
    /// while any subscriber is being called, once the outermost call returns, since a delivery calls
    /// its subscriber without retaining it.
    private func removeFinishedConduits() {
        guard deliveryDepth == 0 else {
            needsSweep = true
            return
        }
        needsSweep = false
        let isFinished = { (conduit: SubjectConduit<Output, Failure>) in
            !conduit.isActive || self.completion != nil
        }
        let finished = conduits.filter(isFinished)
        conduits.removeAll(where: isFinished)
        // After the removal, so that a subscriber whose release calls back into the subject finds
        // the list settled.
        for conduit in finished {
            conduit.release()
        }
    }

    /// Called with the lock held: delivers if the subscriber has demand, otherwise the value is
    /// dropped for it (a `CurrentValueSubject` remembers to replay the latest one on its next request).
    private func offer(_ value: Output, to conduit: SubjectConduit<Output, Failure>) {
        guard conduit.isActive else { return }
        guard conduit.demand > .none else {
            conduit.missedLatest = true
            return
        }
        if conduit.demand != .unlimited {
            conduit.demand -= 1
        }
        conduit.missedLatest = false
        deliveryDepth += 1
        let extra = conduit.deliver(conduit, value)
        deliveryDepth -= 1
        if extra != .none {
            conduit.demand += extra
        }
        if deliveryDepth == 0 && needsSweep {
            removeFinishedConduits()
        }
    }
}

/// One subscriber's subscription to a subject; its state is guarded by the core's lock.
internal class SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible,
    CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    fileprivate let core: SubjectCore<Output, Failure>
    @exclusivity(unchecked) fileprivate var demand = Subscribers.Demand.none
    @exclusivity(unchecked) fileprivate var isActive = true
    /// Whether the subscriber has not yet seen the subject's latest value.
    @exclusivity(unchecked) fileprivate var missedLatest = true
    /// The subject, held while the subscription is live (see `SubjectCore.attach(_:holding:)`).
    @exclusivity(unchecked) fileprivate var subject: AnyObject?
    /// Hands a value to the subscriber; made where the subscriber's type is known (see `SubscriberConduit`).
    fileprivate let deliver: (SubjectConduit, Output) -> Subscribers.Demand

    fileprivate init(
        core: SubjectCore<Output, Failure>, deliver: @escaping (SubjectConduit, Output) -> Subscribers.Demand
    ) {
        self.core = core
        self.deliver = deliver
    }

    internal var description: String { core.description }

    /// As Apple's subject subscriptions do: the subject as parent and subject, the downstream and the
    /// demand, the first three `nil` once the subscription has ended. A subscription that keeps no
    /// demand (`ObservableObjectPublisher`'s) shows only its downstream, as Apple's does.
    internal var customMirror: Mirror {
        let (isActive, demand, downstream) = core.locked { (self.isActive, self.demand, self.heldDownstream) }
        guard core.countsDemand else {
            return Mirror(self, children: ["downstream": isActive ? downstream : Optional<Any>.none as Any])
        }
        let subject: Any =
            isActive ? Optional(core) as Any : Optional<SubjectCore<Output, Failure>>.none as Any
        return Mirror(
            self,
            children: [
                ("parent", subject), ("downstream", isActive ? downstream : Optional<Any>.none as Any),
                ("demand", demand), ("subject", subject),
            ])
    }

    /// The subscriber, while it is held; read with the core's lock held.
    fileprivate var heldDownstream: Any { Optional<Any>.none as Any }

    internal var playgroundDescription: Any { description }

    internal func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "A subscriber requested no values; demand must be positive")
        core.request(demand, for: self)
    }

    internal func cancel() {
        core.cancel(self)
    }

    fileprivate func deliver(completion: Subscribers.Completion<Failure>) {
        preconditionFailure("SubscriberConduit overrides deliver(completion:)")
    }

    fileprivate func release() {
        preconditionFailure("SubscriberConduit overrides release()")
    }
}

/// The conduit for a subscriber of a known type.
private final class SubscriberConduit<Downstream: Subscriber>: SubjectConduit<
    Downstream.Input, Downstream.Failure
>
{
    /// The subscriber, boxed so that a delivery needs no retain (see `ImmutableBox`); the core
    /// releases it only between deliveries, so every call has it alive.
    @exclusivity(unchecked) private var box: Unmanaged<ImmutableBox<Downstream>>?

    init(core: SubjectCore<Downstream.Input, Downstream.Failure>, downstream: Downstream) {
        box = .passRetained(ImmutableBox(downstream))
        // A generic class's overrides run unspecialised when called through the base class. This
        // closure is formed where `Downstream` is concrete, so each value reaches the subscriber
        // through code compiled for its type, with no runtime type lookups.
        super.init(core: core) { conduit, value in
            unsafeDowncast(conduit, to: SubscriberConduit.self).box.unsafelyUnwrapped
                ._withUnsafeGuaranteedRef { $0.value.receive(value) }
        }
    }

    deinit {
        release()
    }

    override func deliver(completion: Subscribers.Completion<Downstream.Failure>) {
        box?._withUnsafeGuaranteedRef { $0.value.receive(completion: completion) }
    }

    override func release() {
        box.take()?.release()
        subject = nil
    }

    override var heldDownstream: Any {
        guard let box else { return Optional<Downstream>.none as Any }
        return Optional(box.takeUnretainedValue().value) as Any
    }
}
