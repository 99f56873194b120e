/// Emits the elements of a sequence one per unit of demand, then a completion; what
/// `Publishers.Sequence` and `Record` hand their subscribers.
///
/// Demand is honoured exactly: a request made while values are being emitted (from inside the
/// subscriber, or from another thread) only adds to the count the running loop works down, so the
/// loop stays the only caller of the subscriber. Each value costs one lock round-trip. The
/// subscription describes itself by the sequence it plays, as Apple's does (`[1, 2, 3]`), and once it
/// has finished or been cancelled by `endedDescription` (Apple's: "Sequence", or "Cancelled Events"
/// for `Record`). Its mirror shows the sequence (an empty one once it has ended), and for `Record`
/// the completion too, as Apple's does.
internal final class ElementsSubscription<Elements: Sequence, Downstream: Subscriber>: Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Downstream.Input == Elements.Element {
    private let lock = Lock()
    private let elements: Elements
    private let ending: Subscribers.Completion<Downstream.Failure>
    private let endedDescription: String
    private let mirrorsEnding: Bool
    // Guarded by `lock`:
    @exclusivity(unchecked) private var downstream: Downstream?
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var isEmitting = false
    // Touched only by the thread that set `isEmitting`, or under the lock while nobody emits:
    @exclusivity(unchecked) private var iterator: Elements.Iterator?
    @exclusivity(unchecked) private var upcoming: Elements.Element?
    /// `request(_:)` run through a closure made in `init`, see `init`.
    private let requestEntry: (ElementsSubscription, Subscribers.Demand) -> Void

    /// Starts from `iterator`, whose first element `first` the publisher has already taken
    /// (a sequence with no element never gets a subscription of this kind).
    internal init(
        elements: Elements,
        iterator: Elements.Iterator,
        first: Elements.Element,
        ending: Subscribers.Completion<Downstream.Failure>,
        endedDescription: String,
        mirrorsEnding: Bool = false,
        downstream: Downstream
    ) {
        self.endedDescription = endedDescription
        self.mirrorsEnding = mirrorsEnding
        self.elements = elements
        self.iterator = iterator
        self.upcoming = first
        self.ending = ending
        self.downstream = downstream
        // A generic class's methods run unspecialised when called through the `Subscription`
        // existential. This closure is formed where the concrete types are known, so the emitting
        // loop it calls is compiled for them: no runtime type lookups per value.
        requestEntry = { subscription, demand in subscription.start(adding: demand) }
    }

    deinit {
        lock.deallocate()
    }

    internal var description: String {
        let hasEnded = lock.withLock { downstream == nil }
        return hasEnded ? endedDescription : String(describing: elements)
    }

    internal var customMirror: Mirror {
        let hasEnded = lock.withLock { downstream == nil }
        let sequence: Any = hasEnded ? [Elements.Element]() : elements
        let children: KeyValuePairs<String, Any> =
            mirrorsEnding ? ["sequence": sequence, "completion": ending] : ["sequence": sequence]
        return Mirror(self, children: children)
    }

    internal var playgroundDescription: Any { description }

    internal func request(_ newDemand: Subscribers.Demand) {
        requestEntry(self, newDemand)
    }

    private func start(adding newDemand: Subscribers.Demand) {
        // Asking for nothing is harmless, as with Apple's.
        guard newDemand > .none else { return }
        lock.lock()
        guard let downstream, !isEmitting else {
            demand += newDemand
            lock.unlock()
            return
        }
        demand += newDemand
        isEmitting = true
        emit(to: downstream)
    }

    /// The emitting loop; entered with the lock held, leaves with it released.
    private func emit(to downstream: Downstream) {
        while self.downstream != nil, demand > .none, let value = upcoming {
            demand -= 1
            lock.unlock()
            let extra = downstream.receive(value)
            var advancing = iterator
            let following = advancing?.next()
            iterator = advancing
            lock.lock()
            demand += extra
            upcoming = following
        }
        isEmitting = false
        if self.downstream == nil {
            // Cancelled while emitting: the cancel left the iterator for this thread to drop.
            finish()
            lock.unlock()
            return
        }
        guard upcoming == nil else {
            lock.unlock()
            return
        }
        finish()
        lock.unlock()
        downstream.receive(completion: ending)
    }

    internal func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        if !isEmitting { finish() }
        lock.unlock()
        withExtendedLifetime(released) {}
    }

    /// Drops everything the subscription held; called under the lock when nobody is emitting.
    private func finish() {
        downstream = nil
        iterator = nil
        upcoming = nil
    }
}
