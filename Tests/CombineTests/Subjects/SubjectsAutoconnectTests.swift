import Combine
import Foundation
import Testing

/// What `autoconnect()` passes to its connectable upstream, as Apple's does.
@Suite struct SubjectsAutoconnectTests {
    /// A connectable publisher that hands each subscriber a `TestSubscription`, keeps what subscribed to
    /// it, and counts its connections and disconnections.
    private final class ProbeConnectable: ConnectablePublisher, @unchecked Sendable {
        typealias Output = Int
        typealias Failure = Never

        private let lock = NSLock()
        private var received: [(subscriber: Any, subscription: TestSubscription)] = []
        private(set) var connections = 0
        private(set) var disconnections = 0

        var subscribers: [Any] { lock.withLock { received.map(\.subscriber) } }
        var subscriptions: [TestSubscription] { lock.withLock { received.map(\.subscription) } }

        func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
            let subscription = TestSubscription()
            lock.withLock { received.append((subscriber, subscription)) }
            subscriber.receive(subscription: subscription)
        }

        func connect() -> Cancellable {
            lock.withLock { connections += 1 }
            return AnyCancellable { [self] in lock.withLock { disconnections += 1 } }
        }
    }

    // Apple: a second cancel of the same subscriber reaches the upstream again, though it counts only
    // once towards disconnecting.
    @Test func aSecondCancelReachesTheUpstreamButDisconnectsNothing() {
        let upstream = ProbeConnectable()
        let shared = upstream.autoconnect()
        let first = TestSubscriber<Int, Never>()
        shared.subscribe(first)
        shared.subscribe(TestSubscriber<Int, Never>())
        let subscription = first.subscription
        subscription?.cancel()
        subscription?.cancel()

        #expect(upstream.subscriptions.first?.history == [.requested(.unlimited), .cancelled, .cancelled])
        #expect(upstream.disconnections == 0)
    }

    // Apple: what autoconnect subscribes to its upstream describes itself as "Autoconnect" and shows
    // its publisher and its downstream to a mirror.
    @Test func itsSubscriberDescribesItselfAsAutoconnect() throws {
        let upstream = ProbeConnectable()
        upstream.autoconnect().subscribe(TestSubscriber<Int, Never>())
        let subscriber = behindIntrospection(try #require(upstream.subscribers.first))

        #expect((subscriber as? CustomStringConvertible)?.description == "Autoconnect")
        #expect(
            (subscriber as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String
                == "Autoconnect")
        let labels = (subscriber as? CustomReflectable)?.customMirror.children.map(\.label)
        #expect(labels == ["parent", "downstream"])
    }
}
