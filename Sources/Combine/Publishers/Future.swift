/// A publisher that runs its work once, at creation, and hands the one outcome to every subscriber.
///
/// The promise may be called from any thread; only its first call counts. A subscriber receives the
/// value (then `.finished`) once it has asked for one, a failure at once, and one that arrives after the
/// outcome is known receives the stored outcome.
public final class Future<Output, Failure: Error>: Publisher {
    public typealias Promise = (Result<Output, Failure>) -> Void

    private let lock = Lock()
    private var outcome: Result<Output, Failure>?
    private var waiting: [FutureSubscriptionBase<Output, Failure>] = []

    public init(_ attemptToFulfill: @escaping (@escaping Future<Output, Failure>.Promise) -> Void) {
        attemptToFulfill { [self] result in fulfill(result) }
    }

    deinit {
        lock.deallocate()
    }

    public final func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        let subscription = FutureSubscription(future: self, downstream: subscriber)
        lock.lock()
        let known = outcome
        if known == nil { waiting.append(subscription) }
        lock.unlock()
        subscriber.receive(subscription: subscription)
        if let known { subscription.settle(with: known) }
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        let settled = waiting
        waiting = []
        lock.unlock()
        for subscription in settled {
            subscription.settle(with: result)
        }
    }

    /// Forgets a subscription that was cancelled before the outcome arrived.
    fileprivate func remove(_ subscription: FutureSubscriptionBase<Output, Failure>) {
        lock.withLock { waiting.removeAll { $0 === subscription } }
    }
}

/// What the future keeps of a subscription without knowing its subscriber's type.
private class FutureSubscriptionBase<Output, Failure: Error> {
    func settle(with result: Result<Output, Failure>) {}
}

/// One subscriber's view of the future: it delivers once both the outcome and the demand are there.
private final class FutureSubscription<Downstream: Subscriber>: FutureSubscriptionBase<
    Downstream.Input, Downstream.Failure
>, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private let future: Future<Output, Failure>
    private var downstream: Downstream?
    private var outcome: Result<Output, Failure>?
    private var requested = false
    /// Cancelled, or delivered when the outcome arrived; the mirror then shows no future, as Apple's
    /// does (a delivery made on a later request leaves it showing).
    private var hasEnded = false

    init(future: Future<Output, Failure>, downstream: Downstream) {
        self.future = future
        self.downstream = downstream
    }

    deinit {
        lock.deallocate()
    }

    var description: String { "Future" }

    /// As Apple's: the future (as parent and subject) and the downstream, all `nil` once it has
    /// delivered or been cancelled, and whether any demand has arrived.
    var customMirror: Mirror {
        let (downstream, requested, hasEnded) = lock.withLock {
            (self.downstream, self.requested, self.hasEnded)
        }
        let future = hasEnded ? nil : self.future
        return Mirror(
            self,
            children: [
                "parent": future as Any, "downstream": downstream as Any, "hasAnyDemand": requested,
                "subject": future as Any,
            ])
    }

    var playgroundDescription: Any { description }

    override func settle(with result: Result<Output, Failure>) {
        lock.lock()
        outcome = result
        deliverIfReady(endsMirror: true)
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "A subscriber requested no values; demand must be positive")
        lock.lock()
        requested = true
        deliverIfReady(endsMirror: false)
    }

    func cancel() {
        lock.lock()
        let released = downstream
        downstream = nil
        hasEnded = true
        lock.unlock()
        if released != nil { future.remove(self) }
    }

    /// Entered with the lock held; delivers (exactly once) when the outcome allows it, and unlocks.
    private func deliverIfReady(endsMirror: Bool) {
        guard let outcome, let downstream, requested || isFailure(outcome) else {
            lock.unlock()
            return
        }
        self.downstream = nil
        lock.unlock()
        switch outcome {
        case .success(let value):
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .failure(let error):
            downstream.receive(completion: .failure(error))
        }
        if endsMirror {
            lock.withLock { hasEnded = true }
        }
    }

    private func isFailure(_ outcome: Result<Output, Failure>) -> Bool {
        if case .failure = outcome { return true }
        return false
    }
}
