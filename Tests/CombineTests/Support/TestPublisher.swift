import Combine
import Foundation

/// A subscription for tests that records what its subscriber asks of it.
final class TestSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    private let lock = NSLock()
    private var recordedRequests: [Subscribers.Demand] = []
    private var recordedCancels = 0
    private let onRequest: ((Subscribers.Demand) -> Void)?

    let description: String

    /// `onRequest` runs after each request is recorded (to emit values in answer, say).
    init(description: String = "TestSubscription", onRequest: ((Subscribers.Demand) -> Void)? = nil) {
        self.description = description
        self.onRequest = onRequest
    }

    var requests: [Subscribers.Demand] { lock.withLock { recordedRequests } }

    /// The sum of every request so far.
    var totalDemand: Subscribers.Demand { requests.reduce(.none, +) }

    var cancelCount: Int { lock.withLock { recordedCancels } }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { recordedRequests.append(demand) }
        onRequest?(demand)
    }

    func cancel() {
        lock.withLock { recordedCancels += 1 }
    }
}

/// A publisher for tests that hands each subscriber a `TestSubscription` and lets the test drive it:
/// `send(_:)` and `send(completion:)` go straight to the latest subscriber, whatever its demand,
/// so a test can check how a subscriber or operator reacts to exactly those calls.
final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let lock = NSLock()
    private var attached: [(subscriber: AnySubscriber<Output, Failure>, subscription: TestSubscription)] = []

    init() {}

    var subscriptionCount: Int { lock.withLock { attached.count } }

    /// The subscription handed to the latest subscriber.
    var subscription: TestSubscription? { lock.withLock { attached.last?.subscription } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = TestSubscription(description: "TestPublisher")
        lock.withLock { attached.append((AnySubscriber(subscriber), subscription)) }
        subscriber.receive(subscription: subscription)
    }

    /// Sends `value` to the latest subscriber and returns the demand it answered with.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        latestSubscriber?.receive(value) ?? .none
    }

    func send(completion: Subscribers.Completion<Failure>) {
        latestSubscriber?.receive(completion: completion)
    }

    private var latestSubscriber: AnySubscriber<Output, Failure>? {
        lock.withLock { attached.last?.subscriber }
    }
}

/// An error for tests.
struct TestError: Error, Equatable, Codable {
    let code: Int

    init(_ code: Int = 1) {
        self.code = code
    }
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
