import Combine
import Foundation

/// A subscriber for tests: it records everything it receives and asks for a configurable demand.
///
/// It requests `initialDemand` when the subscription arrives (nothing if that is `.none`) and returns
/// `demandPerValue` from every value, so a test can hold a publisher to an exact count and then ask
/// for more with `request(_:)`. Every member is safe to use from any thread; the `wait…` methods
/// block until a condition holds or a deadline passes, so tests never sleep for a guessed time.
final class TestSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    /// One thing the subscriber was told, in the order it was told.
    enum Event {
        case subscription(String)
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    private let condition = NSCondition()
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand
    private var recordedEvents: [Event] = []
    private var currentSubscription: Subscription?
    private var valueHook: ((Input) -> Void)?
    private var completionHook: ((Subscribers.Completion<Failure>) -> Void)?

    init(initialDemand: Subscribers.Demand = .unlimited, demandPerValue: Subscribers.Demand = .none) {
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
    }

    /// Runs `body` for each value after recording it and before returning the demand
    /// (for re-entrant tests: cancel or send from inside the subscriber).
    func onValue(_ body: @escaping (Input) -> Void) {
        locked { valueHook = body }
    }

    /// Runs `body` for each completion after recording it.
    func onCompletion(_ body: @escaping (Subscribers.Completion<Failure>) -> Void) {
        locked { completionHook = body }
    }

    // MARK: What was received

    var events: [Event] { locked { recordedEvents } }

    var values: [Input] {
        locked {
            recordedEvents.compactMap { event in
                if case .value(let value) = event { return value }
                return nil
            }
        }
    }

    var completions: [Subscribers.Completion<Failure>] {
        locked {
            recordedEvents.compactMap { event in
                if case .completion(let completion) = event { return completion }
                return nil
            }
        }
    }

    /// The descriptions of every subscription received (more than one is a contract violation).
    var subscriptionDescriptions: [String] {
        locked {
            recordedEvents.compactMap { event in
                if case .subscription(let description) = event { return description }
                return nil
            }
        }
    }

    /// The latest subscription received, until `cancel()`.
    var subscription: Subscription? { locked { currentSubscription } }

    // MARK: Acting on the subscription

    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    /// Cancels the subscription and lets go of it; later calls do nothing.
    func cancel() {
        let taken: Subscription? = locked {
            defer { currentSubscription = nil }
            return currentSubscription
        }
        taken?.cancel()
    }

    // MARK: Waiting

    /// Waits until `predicate` holds for this subscriber, or `timeout` seconds pass; returns whether it held.
    @discardableResult
    func wait(timeout: TimeInterval = 10, until predicate: (TestSubscriber) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let eventsSeen = locked { recordedEvents.count }
            if predicate(self) { return true }
            if Date() >= deadline { return false }
            condition.lock()
            // A short cap on each wait keeps predicates that do not depend on events live.
            let wakeUp = min(deadline, Date(timeIntervalSinceNow: 0.05))
            while recordedEvents.count == eventsSeen && condition.wait(until: wakeUp) {}
            condition.unlock()
        }
    }

    /// Waits for a completion; returns whether one arrived in time.
    @discardableResult
    func waitForCompletion(timeout: TimeInterval = 10) -> Bool {
        wait(timeout: timeout) { !$0.completions.isEmpty }
    }

    /// Waits until at least `count` values arrived; returns whether they did in time.
    @discardableResult
    func waitForValues(count: Int, timeout: TimeInterval = 10) -> Bool {
        wait(timeout: timeout) { $0.values.count >= count }
    }

    // MARK: Subscriber

    func receive(subscription: Subscription) {
        locked {
            recordedEvents.append(.subscription(String(describing: subscription)))
            currentSubscription = subscription
        }
        if initialDemand > .none {
            subscription.request(initialDemand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let hook = locked {
            recordedEvents.append(.value(input))
            return valueHook
        }
        hook?(input)
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let hook = locked {
            recordedEvents.append(.completion(completion))
            return completionHook
        }
        hook?(completion)
    }

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}

extension TestSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}

/// A subscriber that holds its subscription only weakly and asks for everything, so a leak test can
/// see whether anything else still keeps the subscription alive once it has ended.
final class WeakSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    private let lock = NSLock()
    private weak var weakSubscription: AnyObject?
    private var completionCount = 0

    /// The subscription, while something other than this subscriber keeps it alive.
    var subscription: AnyObject? { lock.withLock { weakSubscription } }

    var completions: Int { lock.withLock { completionCount } }

    func receive(subscription: Subscription) {
        lock.withLock { weakSubscription = objectBehind(subscription) }
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { completionCount += 1 }
    }

    func cancel() {
        (subscription as? Subscription)?.cancel()
    }
}
