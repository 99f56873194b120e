import Combine
import Foundation

/// A subscription that records what its subscriber asked of it, for checking demand and cancellation.
final class ProbeSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    enum Event: Equatable {
        case requested(Subscribers.Demand)
        case cancelled
    }

    private let lock = NSLock()
    private var recorded: [Event] = []
    /// Set by the publisher that issued the subscription: lets go of the subscriber on cancel.
    fileprivate var onCancel: (() -> Void)?

    var description: String { "ProbeSubscription" }

    var history: [Event] { lock.withLock { recorded } }

    /// Everything requested so far, added up.
    var totalDemand: Subscribers.Demand {
        history.reduce(into: .none) { total, event in
            if case .requested(let demand) = event { total += demand }
        }
    }

    var isCancelled: Bool { history.contains(.cancelled) }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { recorded.append(.requested(demand)) }
    }

    func cancel() {
        let detach = lock.withLock {
            recorded.append(.cancelled)
            return onCancel
        }
        detach?()
    }
}

/// A publisher a test drives by hand: each subscriber gets a fresh `ProbeSubscription`, and the test
/// sends values and completions to the latest subscriber and sees the demand it returned.
///
/// Like a real publisher it lets go of a subscriber that cancels (so leak tests can use it), but it
/// keeps one that completed, so a test can check how an operator treats events after a completion.
final class ProbePublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private final class Attached {
        var receive: ((Output) -> Subscribers.Demand)?
        var complete: ((Subscribers.Completion<Failure>) -> Void)?
        let subscription = ProbeSubscription()
        /// Values sent, and demand the subscriber returned from them, for `sendWhenDemanded`.
        var sent = 0
        var returned = Subscribers.Demand.none
    }

    private let lock = NSLock()
    private var attached: [Attached] = []
    private let onSubscribe: ((ProbePublisher) -> Void)?

    /// `onSubscribe` runs after each subscriber has its subscription, so a test can fail or send at once.
    init(onSubscribe: ((ProbePublisher) -> Void)? = nil) {
        self.onSubscribe = onSubscribe
    }

    var subscribeCount: Int { lock.withLock { attached.count } }

    /// The subscription handed to the latest subscriber.
    var subscription: ProbeSubscription? { lock.withLock { attached.last?.subscription } }

    var subscriptions: [ProbeSubscription] { lock.withLock { attached.map(\.subscription) } }

    func receive<S>(subscriber: S) where S: Subscriber, Failure == S.Failure, Output == S.Input {
        let entry = Attached()
        entry.receive = subscriber.receive(_:)
        entry.complete = subscriber.receive(completion:)
        entry.subscription.onCancel = { [lock, weak entry] in
            lock.withLock {
                entry?.receive = nil
                entry?.complete = nil
            }
        }
        lock.withLock { attached.append(entry) }
        subscriber.receive(subscription: entry.subscription)
        onSubscribe?(self)
    }

    /// Sends `value` to the latest subscriber and returns the demand it answered with.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        lock.withLock { attached.last?.receive }?(value) ?? .none
    }

    /// Sends `value` once the latest subscriber's demand allows one more, as a well-behaved publisher
    /// must; returns `false` if no demand arrived within `timeout` seconds.
    func sendWhenDemanded(_ value: Output, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            guard let entry = lock.withLock({ attached.last }) else { return false }
            let allowed = entry.subscription.totalDemand + lock.withLock { entry.returned }
            let sent = lock.withLock { entry.sent }
            if allowed > .max(sent) {
                lock.withLock { entry.sent += 1 }
                let more = lock.withLock { entry.receive }?(value) ?? .none
                lock.withLock { entry.returned += more }
                return true
            }
            if Date() >= deadline { return false }
            sched_yield()
        }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.withLock { attached.last?.complete }?(completion)
    }
}

/// The error the operator tests fail with.
struct ProbeError: Error, Equatable, CustomStringConvertible {
    let code: Int

    init(_ code: Int = 0) {
        self.code = code
    }

    var description: String { "ProbeError(\(code))" }
}

/// A count that closures in tests may bump from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func add(_ amount: Int = 1) {
        lock.withLock { count += amount }
    }
}

/// A mutable value that closures in tests may share, guarded by a lock.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in one step, so concurrent changes are never lost.
    func mutate(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}

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

/// The code of the `ProbeError` a completion failed with, or `nil`.
func failureCode(_ completion: Subscribers.Completion<Error>) -> Int? {
    guard case .failure(let error) = completion else { return nil }
    return (error as? ProbeError)?.code
}
