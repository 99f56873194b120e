import Synchronization

extension Publishers {
    /// Connects its connectable upstream when the first subscriber arrives, and cancels that
    /// connection when the last subscriber cancels (a later subscriber connects again).
    ///
    /// A subscriber that completes normally is still counted, so a late subscriber to a finished
    /// upstream gets only what the upstream gives late subscribers, with no new connection.
    public class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        private enum Connection {
            case disconnected
            /// The first subscriber is calling `connect()`; others only add to the count meanwhile.
            case connecting(subscribers: Int)
            case connected(subscribers: Int, connection: Cancellable)
        }

        public final let upstream: Upstream

        private let lock = Lock()
        private var connection = Connection.disconnected

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        deinit {
            lock.deallocate()
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            lock.lock()
            let connects: Bool
            switch connection {
            case .disconnected:
                connection = .connecting(subscribers: 1)
                connects = true
            case .connecting(let count):
                connection = .connecting(subscribers: count + 1)
                connects = false
            case .connected(let count, let existing):
                connection = .connected(subscribers: count + 1, connection: existing)
                connects = false
            }
            lock.unlock()
            upstream.subscribe(AutoconnectSubscriber(parent: self, downstream: subscriber))
            guard connects else { return }
            // Connecting may deliver values at once, so it happens outside the lock.
            let started = upstream.connect()
            lock.lock()
            guard case .connecting(let count) = connection, count > 0 else {
                // Every subscriber cancelled while the connection was being made.
                connection = .disconnected
                lock.unlock()
                started.cancel()
                return
            }
            connection = .connected(subscribers: count, connection: started)
            lock.unlock()
        }

        /// One subscriber cancelled; the last one out cancels the connection.
        fileprivate func subscriberCancelled() {
            lock.lock()
            switch connection {
            case .disconnected:
                lock.unlock()
            case .connecting(let count):
                // The subscriber that is connecting cancels the connection if this leaves none.
                connection = .connecting(subscribers: count - 1)
                lock.unlock()
            case .connected(let count, let existing) where count > 1:
                connection = .connected(subscribers: count - 1, connection: existing)
                lock.unlock()
            case .connected(_, let existing):
                connection = .disconnected
                lock.unlock()
                existing.cancel()
            }
        }
    }
}

/// Passes everything through, handing the downstream a subscription that reports its cancel.
///
/// Describes and reflects itself as Apple's does: "Autoconnect", with its publisher and downstream.
private struct AutoconnectSubscriber<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
    let parent: Publishers.Autoconnect<Upstream>
    let downstream: Downstream
    let combineIdentifier = CombineIdentifier()

    var description: String { "Autoconnect" }

    var customMirror: Mirror { Mirror(self, children: ["parent": parent, "downstream": downstream]) }

    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        downstream.receive(subscription: AutoconnectSubscription(subscription, parent: parent))
    }

    func receive(_ input: Downstream.Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        downstream.receive(completion: completion)
    }
}

/// The upstream's subscription, as the downstream sees it (same description and identifier), whose
/// first cancel also tells the autoconnect publisher. As with Apple's, every cancel reaches the upstream.
private final class AutoconnectSubscription<Upstream: ConnectablePublisher>: Subscription,
    CustomStringConvertible,
    CustomPlaygroundDisplayConvertible
{
    private let upstreamSubscription: Subscription
    private let parent: Publishers.Autoconnect<Upstream>
    private let cancelled = Atomic<Bool>(false)

    init(_ upstreamSubscription: Subscription, parent: Publishers.Autoconnect<Upstream>) {
        self.upstreamSubscription = upstreamSubscription
        self.parent = parent
    }

    var combineIdentifier: CombineIdentifier { upstreamSubscription.combineIdentifier }

    var description: String { String(describing: upstreamSubscription) }

    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        upstreamSubscription.request(demand)
    }

    func cancel() {
        if !cancelled.exchange(true, ordering: .acquiringAndReleasing) {
            parent.subscriberCancelled()
        }
        upstreamSubscription.cancel()
    }
}
