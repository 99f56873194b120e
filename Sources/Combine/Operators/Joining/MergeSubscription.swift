/// The subscription behind `merge(with:)`, `Publishers.Merge` … `Merge8` and `MergeMany`: it interleaves the
/// values of several upstreams of one type into one serialised stream.
///
/// Demand is honoured exactly. While the downstream's demand is finite, each upstream is asked for one value
/// at a time and asked again once its value has gone downstream; a value that finds no demand waits in a
/// queue. Once the downstream asks for unlimited values, every upstream is asked for unlimited values. Only
/// one thread calls the downstream at a time: a value arriving while another is being delivered joins the
/// queue, and the delivering thread passes it on before it leaves. The stream finishes once every upstream
/// has finished and the queue is empty; the first failure cancels the other upstreams and is passed on at
/// once (after the value being delivered, if any).
internal final class MergeSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    CustomPlaygroundDisplayConvertible
{
    private enum Source {
        case awaiting
        case active(Subscription)
        case finished
    }

    private let lock = Lock()
    // Guarded by `lock`:
    private var downstream: Downstream?
    private var sources: [Source]
    private var unfinished: Int
    private var demand = Subscribers.Demand.none
    private var hasRequested = false
    private var asksUnlimited = false
    private var isEmitting = false
    private var waiting = ValueQueue<(source: Int, value: Downstream.Input)>()
    /// A failure that arrived while a value was being delivered, for the delivering thread to pass on.
    private var pendingFailure: Downstream.Failure?

    internal init(sourceCount: Int, downstream: Downstream) {
        self.downstream = downstream
        sources = Array(repeating: .awaiting, count: sourceCount)
        unfinished = sourceCount
    }

    deinit {
        lock.deallocate()
    }

    internal var description: String { "Merge" }

    internal var playgroundDescription: Any { description }

    /// Hands this subscription to the downstream; with no upstreams at all, finishes at once.
    internal func start() {
        lock.lock()
        let downstream = self.downstream
        lock.unlock()
        downstream?.receive(subscription: self)
        lock.lock()
        guard unfinished == 0, let downstream = self.downstream else {
            lock.unlock()
            return
        }
        self.downstream = nil
        lock.unlock()
        downstream.receive(completion: .finished)
    }

    /// The subscriber to attach to upstream number `index`.
    internal func source(_ index: Int) -> MergeSource<Downstream> {
        MergeSource(merger: self, index: index)
    }

    internal func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > .none, "A subscriber requested no values; demand must be positive")
        lock.lock()
        guard downstream != nil, pendingFailure == nil else {
            lock.unlock()
            return
        }
        demand += newDemand
        let isFirst = !hasRequested
        hasRequested = true
        let becomesUnlimited = demand == .unlimited && !asksUnlimited
        asksUnlimited = asksUnlimited || becomesUnlimited
        let ask: Subscribers.Demand? =
            isFirst || becomesUnlimited ? (asksUnlimited ? .unlimited : .max(1)) : nil
        let asked = ask == nil ? [] : activeSubscriptions()
        if !isEmitting, !waiting.isEmpty, let downstream {
            isEmitting = true
            emitWaiting(to: downstream)
        } else {
            lock.unlock()
        }
        if let ask {
            for subscription in asked {
                subscription.request(ask)
            }
        }
    }

    internal func cancel() {
        lock.lock()
        let released = downstream
        let cancelled = endAllSources()
        downstream = nil
        lock.unlock()
        for subscription in cancelled {
            subscription.cancel()
        }
        withExtendedLifetime(released) {}
    }

    fileprivate func receive(subscription: Subscription, from index: Int) {
        lock.lock()
        guard downstream != nil, pendingFailure == nil, case .awaiting = sources[index] else {
            lock.unlock()
            subscription.cancel()
            return
        }
        sources[index] = .active(subscription)
        let ask: Subscribers.Demand? = hasRequested ? (asksUnlimited ? .unlimited : .max(1)) : nil
        lock.unlock()
        if let ask {
            subscription.request(ask)
        }
    }

    fileprivate func receive(_ value: Downstream.Input, from index: Int) -> Subscribers.Demand {
        lock.lock()
        guard let downstream, pendingFailure == nil, case .active = sources[index] else {
            lock.unlock()
            return .none
        }
        guard !isEmitting, demand > .none else {
            waiting.append((index, value))
            lock.unlock()
            return .none
        }
        demand -= 1
        isEmitting = true
        lock.unlock()
        let more = downstream.receive(value)
        lock.lock()
        demand += more
        let replenish: Subscribers.Demand = asksUnlimited ? .none : .max(1)
        emitWaiting(to: downstream)
        return replenish
    }

    fileprivate func receive(completion: Subscribers.Completion<Downstream.Failure>, from index: Int) {
        lock.lock()
        guard let downstream, pendingFailure == nil else {
            lock.unlock()
            return
        }
        switch (sources[index], completion) {
        case (.finished, _):
            lock.unlock()
        case (_, .finished):
            sources[index] = .finished
            unfinished -= 1
            guard unfinished == 0, !isEmitting, waiting.isEmpty else {
                lock.unlock()
                return
            }
            self.downstream = nil
            lock.unlock()
            downstream.receive(completion: .finished)
        case (_, .failure(let error)):
            sources[index] = .finished
            let cancelled = endAllSources()
            // While another call delivers a value, that call passes the failure on when it returns.
            let deliversNow = !isEmitting
            if deliversNow {
                self.downstream = nil
            } else {
                pendingFailure = error
            }
            lock.unlock()
            for subscription in cancelled {
                subscription.cancel()
            }
            if deliversNow {
                downstream.receive(completion: .failure(error))
            }
        }
    }

    /// Delivers waiting values while there is demand, then any completion that is due. Entered with the
    /// lock held and `isEmitting` set by the caller; leaves with the lock released and `isEmitting` clear.
    private func emitWaiting(to downstream: Downstream) {
        while self.downstream != nil, pendingFailure == nil, demand > .none, let next = waiting.popFirst() {
            demand -= 1
            let replenished: Subscription? =
                if !asksUnlimited, case .active(let subscription) = sources[next.source] { subscription } else
                { nil }
            lock.unlock()
            let more = downstream.receive(next.value)
            replenished?.request(.max(1))
            lock.lock()
            demand += more
        }
        isEmitting = false
        guard self.downstream != nil else {
            lock.unlock()
            return
        }
        if let failure = pendingFailure {
            self.downstream = nil
            lock.unlock()
            downstream.receive(completion: .failure(failure))
        } else if unfinished == 0, waiting.isEmpty {
            self.downstream = nil
            lock.unlock()
            downstream.receive(completion: .finished)
        } else {
            lock.unlock()
        }
    }

    /// The subscriptions of the upstreams still running; called with the lock held.
    private func activeSubscriptions() -> [Subscription] {
        sources.compactMap { source in
            if case .active(let subscription) = source { return subscription }
            return nil
        }
    }

    /// Marks every upstream finished and drops waiting values; returns the subscriptions to cancel.
    /// Called with the lock held.
    private func endAllSources() -> [Subscription] {
        let running = activeSubscriptions()
        sources = Array(repeating: .finished, count: sources.count)
        unfinished = 0
        waiting.removeAll()
        return running
    }
}

/// Attaches a `MergeSubscription` to one of its upstreams, telling it which one is calling.
internal struct MergeSource<Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    let merger: MergeSubscription<Downstream>
    let index: Int

    var combineIdentifier: CombineIdentifier { CombineIdentifier(merger) }

    var description: String { "Merge" }

    func receive(subscription: Subscription) {
        merger.receive(subscription: subscription, from: index)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        merger.receive(input, from: index)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        merger.receive(completion: completion, from: index)
    }
}
