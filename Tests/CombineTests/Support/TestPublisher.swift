import Combine
import Foundation

/// A subscription for tests that records, in order, what its subscriber asked of it.
final class TestSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    /// One thing the subscriber asked.
    enum Event: Equatable {
        case requested(Subscribers.Demand)
        case cancelled
    }

    private let lock = NSLock()
    private var recorded: [Event] = []
    private let onRequest: ((Subscribers.Demand) -> Void)?
    /// Set by the publisher that issued the subscription: runs after each event is recorded.
    fileprivate var onEvent: ((Event) -> Void)?

    let description: String

    /// `onRequest` runs after each request is recorded (to emit values in answer, say).
    init(description: String = "TestSubscription", onRequest: ((Subscribers.Demand) -> Void)? = nil) {
        self.description = description
        self.onRequest = onRequest
    }

    var history: [Event] { lock.withLock { recorded } }

    var requests: [Subscribers.Demand] {
        history.compactMap { event in
            if case .requested(let demand) = event { return demand }
            return nil
        }
    }

    /// Everything requested so far, added up.
    var totalDemand: Subscribers.Demand { requests.reduce(.none, +) }

    var cancelCount: Int { history.filter { $0 == .cancelled }.count }

    var isCancelled: Bool { cancelCount > 0 }

    func request(_ demand: Subscribers.Demand) {
        record(.requested(demand))
        onRequest?(demand)
    }

    func cancel() {
        record(.cancelled)
    }

    private func record(_ event: Event) {
        let hook = lock.withLock {
            recorded.append(event)
            return onEvent
        }
        hook?(event)
    }
}

/// A publisher a test drives by hand: each subscriber gets a fresh `TestSubscription`, and the test
/// sends values and completions to the latest subscriber, whatever its demand, and sees the demand
/// it answered with. So a test can check how a subscriber or operator reacts to exactly those calls.
final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// When the publisher lets go of a subscriber, after which nothing it sends reaches it. A real
    /// publisher lets go once it is done; a test that checks how an operator treats events after a
    /// cancel or a completion keeps the subscriber to send them.
    enum LettingGo {
        case never
        case onCancel
        case onCancelOrCompletion
    }

    /// What a subscriber did to the publisher, as `observe` hears it.
    enum Signal: Equatable {
        case subscribe
        case request
        case cancel
    }

    private final class Attached {
        var receive: ((Output) -> Subscribers.Demand)?
        var complete: ((Subscribers.Completion<Failure>) -> Void)?
        let subscription = TestSubscription(description: "TestPublisher")
        /// Values sent, and demand the subscriber returned from them, for `sendWhenDemanded`.
        var sent = 0
        var returned = Subscribers.Demand.none

        func detach() {
            receive = nil
            complete = nil
        }
    }

    private let lock = NSLock()
    private var attached: [Attached] = []
    private let lettingGo: LettingGo
    private let onSubscribe: ((TestPublisher) -> Void)?
    private let observe: (@Sendable (Signal) -> Void)?

    /// `onSubscribe` runs after each subscriber has its subscription, so a test can fail or send at
    /// once; `observe` runs on the thread that subscribes, requests or cancels, as it happens.
    init(
        lettingGo: LettingGo = .onCancel, onSubscribe: ((TestPublisher) -> Void)? = nil,
        observe: (@Sendable (Signal) -> Void)? = nil
    ) {
        self.lettingGo = lettingGo
        self.onSubscribe = onSubscribe
        self.observe = observe
    }

    var subscribeCount: Int { lock.withLock { attached.count } }

    /// The subscription handed to the latest subscriber.
    var subscription: TestSubscription? { lock.withLock { attached.last?.subscription } }

    var subscriptions: [TestSubscription] { lock.withLock { attached.map(\.subscription) } }

    /// Every demand requested of this publisher, subscription by subscription.
    var requests: [Subscribers.Demand] { subscriptions.flatMap(\.requests) }

    /// How many times a subscription of this publisher was cancelled.
    var cancelCount: Int { subscriptions.map(\.cancelCount).reduce(0, +) }

    func receive<S>(subscriber: S) where S: Subscriber, Failure == S.Failure, Output == S.Input {
        let entry = Attached()
        entry.receive = subscriber.receive(_:)
        entry.complete = subscriber.receive(completion:)
        entry.subscription.onEvent = { [lock, lettingGo, observe, weak entry] event in
            if event == .cancelled && lettingGo != .never {
                lock.withLock { entry?.detach() }
            }
            observe?(event == .cancelled ? .cancel : .request)
        }
        lock.withLock { attached.append(entry) }
        observe?(.subscribe)
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
        let complete = lock.withLock {
            let entry = attached.last
            defer { if lettingGo == .onCancelOrCompletion { entry?.detach() } }
            return entry?.complete
        }
        complete?(completion)
    }
}

/// An error for tests.
struct TestError: Error, Equatable, Codable {
    let code: Int

    init(_ code: Int = 1) {
        self.code = code
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

/// The code of the `ProbeError` a completion failed with, or `nil`.
func failureCode(_ completion: Subscribers.Completion<Error>) -> Int? {
    guard case .failure(let error) = completion else { return nil }
    return (error as? ProbeError)?.code
}

/// Holds an object weakly, so a test can check that a finished subscription let go of it.
struct WeakBox<Object: AnyObject> {
    weak var object: Object?
}

/// Carries a value that is not `Sendable` (Combine's classes are not, as on Apple platforms) into
/// concurrent test code; the code under test is what must make that safe.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
