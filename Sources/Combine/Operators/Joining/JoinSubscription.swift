/// The subscription behind `combineLatest` and `zip`: it joins the values of two to four upstreams of
/// different output types into tuples.
///
/// Each upstream is attached through a `JoinSide`, which keeps that upstream's values; `JoinRule.join`
/// gives `start(combining:)` the closure that reads one value from each side into a tuple. The downstream's
/// requests are passed to every upstream as they are (an upstream that subscribes late is asked for all
/// requested so far). Only one thread calls the downstream at a time: work that turns up meanwhile is left
/// for the delivering thread, which finishes it before it leaves. The first failure cancels the other
/// upstreams (under `zip`, the failed one as well) and is passed on at once (after the value being
/// delivered, if any).
internal final class JoinSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    CustomPlaygroundDisplayConvertible
{
    let description: String
    fileprivate let rule: JoinRule
    fileprivate let lock = Lock()
    /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
    /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
    /// (`Sink` lets go as it ends).
    private let downstreamForLife: Downstream
    // Guarded by `lock`:
    private var downstream: Downstream?
    private var combine: (() -> Downstream.Input)?
    private var sides: [JoinSideBase] = []
    private var demand = Subscribers.Demand.none
    /// Everything asked of each upstream so far.
    private var requested = Subscribers.Demand.none
    private var isEmitting = false
    /// Combinations made (under `.latest`) while another thread was delivering one.
    private var readyCombinations = ValueQueue<Downstream.Input>()
    /// A failure that arrived while a value was being delivered, for the delivering thread to pass on.
    private var pendingFailure: Downstream.Failure?
    /// Under `.pairwise`, the side whose value set off the delivery under way, and what the downstream
    /// requested meanwhile: as with Apple's zip, that side gets it as the demand its value returns, not
    /// as a request.
    private var deliveringSide: JoinSideBase?
    private var demandForDeliveringSide = Subscribers.Demand.none

    internal init(_ rule: JoinRule, downstream: Downstream) {
        self.rule = rule
        self.description = rule.subscriptionName
        self.downstream = downstream
        downstreamForLife = downstream
    }

    deinit {
        lock.deallocate()
    }

    var playgroundDescription: Any { description }

    /// A new side for one upstream; make all sides before `start(combining:)`.
    internal func side<Input>(for input: Input.Type) -> JoinSide<Input, Downstream> {
        let side = JoinSide<Input, Downstream>(join: self)
        sides.append(side)
        return side
    }

    /// Hands this subscription to the downstream; `combine` takes one value from every side.
    internal func start(combining combine: @escaping () -> Downstream.Input) {
        lock.lock()
        self.combine = combine
        let downstream = self.downstream
        lock.unlock()
        downstream?.receive(subscription: self)
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > .none, "A subscriber requested no values; demand must be positive")
        lock.lock()
        guard let downstream, pendingFailure == nil else {
            lock.unlock()
            return
        }
        demand += newDemand
        requested += newDemand
        let asked: [Subscription]
        if isEmitting, let deliveringSide {
            demandForDeliveringSide += newDemand
            asked = sides.filter { $0 !== deliveringSide }.compactMap(\.subscription)
        } else {
            asked = activeSubscriptions()
        }
        if rule == .pairwise, !isEmitting {
            isEmitting = true
            emit(nil, to: downstream)
        } else {
            lock.unlock()
        }
        for subscription in asked {
            subscription.request(newDemand)
        }
    }

    func cancel() {
        lock.lock()
        let released = downstream
        let cancelled = terminate()
        lock.unlock()
        for subscription in cancelled {
            subscription.cancel()
        }
        withExtendedLifetime(released) {}
    }

    fileprivate func receive(subscription: Subscription, for side: JoinSideBase) {
        lock.lock()
        guard downstream != nil, pendingFailure == nil, side.subscription == nil, !side.isFinished else {
            lock.unlock()
            subscription.cancel()
            return
        }
        side.subscription = subscription
        let asked = requested
        lock.unlock()
        if asked > .none {
            subscription.request(asked)
        }
    }

    /// Whether a side may still store a value; called with the lock held.
    fileprivate func accepts(_ side: JoinSideBase) -> Bool {
        downstream != nil && pendingFailure == nil && side.subscription != nil && !side.isFinished
    }

    /// Goes on after `side` stored a value; returns the demand that side's value answers with. Entered
    /// with the lock held; leaves with it released.
    fileprivate func sideDidStoreValue(_ side: JoinSideBase) -> Subscribers.Demand {
        guard let downstream, !isEmitting || rule == .latest else {
            lock.unlock()
            return .none
        }
        var combination: Downstream.Input?
        if rule == .latest {
            guard demand > .none, sides.allSatisfy({ $0.bufferedCount > 0 }), let combine else {
                lock.unlock()
                return .none
            }
            demand -= 1
            guard !isEmitting else {
                readyCombinations.append(combine())
                lock.unlock()
                return .none
            }
            combination = combine()
        }
        isEmitting = true
        if rule == .pairwise {
            deliveringSide = side
        }
        emit(combination, to: downstream)
        guard rule == .pairwise else { return .none }
        lock.lock()
        let answer = demandForDeliveringSide
        deliveringSide = nil
        demandForDeliveringSide = .none
        lock.unlock()
        return answer
    }

    fileprivate func receive(completion: Subscribers.Completion<Downstream.Failure>, for side: JoinSideBase) {
        lock.lock()
        guard let downstream, pendingFailure == nil, !side.isFinished else {
            lock.unlock()
            return
        }
        let ownSubscription = side.subscription
        side.isFinished = true
        side.subscription = nil
        switch completion {
        case .finished:
            guard !isEmitting, isFinishDue else {
                lock.unlock()
                return
            }
            let cancelled = terminate()
            lock.unlock()
            for subscription in cancelled {
                subscription.cancel()
            }
            downstream.receive(completion: .finished)
        case .failure(let error):
            // While another call delivers a value, that call passes the failure on when it returns.
            let deliversNow = !isEmitting
            var cancelled = deliversNow ? terminate() : holdFailure(error)
            // Apple's zip cancels the upstream that failed too; its combineLatest does not.
            if rule == .pairwise, let ownSubscription {
                cancelled.append(ownSubscription)
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

    /// Delivers `first`, then whatever else is ready, then any completion that is due, and asks every
    /// upstream for the demand the downstream returned. Entered with the lock held and `isEmitting` set by
    /// the caller; leaves with the lock released and `isEmitting` clear.
    private func emit(_ first: Downstream.Input?, to downstream: Downstream) {
        var next = first
        var returned = Subscribers.Demand.none
        while self.downstream != nil, pendingFailure == nil, let output = next ?? nextReady() {
            next = nil
            lock.unlock()
            let more = downstream.receive(output)
            lock.lock()
            demand += more
            returned += more
        }
        isEmitting = false
        guard self.downstream != nil else {
            lock.unlock()
            return
        }
        if let failure = pendingFailure {
            _ = terminate()
            lock.unlock()
            downstream.receive(completion: .failure(failure))
            return
        }
        if isFinishDue {
            let cancelled = terminate()
            lock.unlock()
            for subscription in cancelled {
                subscription.cancel()
            }
            downstream.receive(completion: .finished)
            return
        }
        requested += returned
        let asked = returned > .none ? activeSubscriptions() : []
        lock.unlock()
        for subscription in asked {
            subscription.request(returned)
        }
    }

    /// The next output owed to the downstream, if any; called with the lock held.
    private func nextReady() -> Downstream.Input? {
        switch rule {
        case .latest:
            return readyCombinations.popFirst()
        case .pairwise:
            guard demand > .none, sides.allSatisfy({ $0.bufferedCount > 0 }), let combine else { return nil }
            demand -= 1
            return combine()
        }
    }

    /// Whether no further output can come; called with the lock held.
    private var isFinishDue: Bool {
        switch rule {
        case .latest:
            return readyCombinations.isEmpty && sides.allSatisfy(\.isFinished)
        case .pairwise:
            return sides.contains { $0.isFinished && $0.bufferedCount == 0 }
        }
    }

    private func activeSubscriptions() -> [Subscription] {
        sides.compactMap(\.subscription)
    }

    /// Marks every side finished so that no value or request gets through while the failure waits for
    /// the delivering thread; returns the subscriptions to cancel. Called with the lock held.
    private func holdFailure(_ error: Downstream.Failure) -> [Subscription] {
        pendingFailure = error
        let running = activeSubscriptions()
        for side in sides {
            side.isFinished = true
            side.subscription = nil
        }
        return running
    }

    /// Ends the join: lets go of the downstream, the sides and the closure that refers to them, and returns
    /// the subscriptions still to cancel. Called with the lock held.
    private func terminate() -> [Subscription] {
        let running = activeSubscriptions()
        downstream = nil
        combine = nil
        sides = []
        readyCombinations.removeAll()
        return running
    }
}

/// What a join needs to know about each side without knowing its value type. Guarded by the join's lock.
internal class JoinSideBase {
    fileprivate var subscription: Subscription?
    fileprivate var isFinished = false
    fileprivate var bufferedCount = 0
}

/// Attaches one upstream to a `JoinSubscription` and keeps that upstream's values: the latest one under
/// `.latest`, all not yet paired under `.pairwise`.
internal final class JoinSide<Input, Downstream: Subscriber>: JoinSideBase, Subscriber,
    CustomStringConvertible
{
    typealias Failure = Downstream.Failure

    private let join: JoinSubscription<Downstream>
    private var values = ValueQueue<Input>()

    fileprivate init(join: JoinSubscription<Downstream>) {
        self.join = join
    }

    var description: String { join.description }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(join) }

    /// This side's contribution to the next tuple: used up under `.pairwise`, kept under `.latest`. Called
    /// by the join's combining closure, with the join's lock held, only when a value is there.
    internal func take() -> Input {
        switch join.rule {
        case .latest:
            return values.first!
        case .pairwise:
            let value = values.popFirst()!
            bufferedCount = values.count
            return value
        }
    }

    func receive(subscription: Subscription) {
        join.receive(subscription: subscription, for: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        join.lock.lock()
        guard join.accepts(self) else {
            join.lock.unlock()
            return .none
        }
        if join.rule == .latest {
            _ = values.popFirst()
        }
        values.append(input)
        bufferedCount = values.count
        return join.sideDidStoreValue(self)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        join.receive(completion: completion, for: self)
    }
}
