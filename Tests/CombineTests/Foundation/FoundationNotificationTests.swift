import Combine
import Foundation
import Testing

private let ping = Notification.Name("FoundationNotificationTests.ping")
private let pong = Notification.Name("FoundationNotificationTests.pong")

/// Every test posts on a center of its own, so parallel tests never see each other's notifications.
@Suite("Foundation: NotificationCenter.publisher")
struct FoundationNotificationTests {
    private let center = NotificationCenter()

    @Test func postedNotificationsArriveOnThePostingThread() {
        let subscriber = TestSubscriber<Notification, Never>()
        center.publisher(for: ping).subscribe(subscriber)
        center.post(name: ping, object: nil, userInfo: ["n": 1])
        center.post(name: pong, object: nil)
        center.post(name: ping, object: nil, userInfo: ["n": 2])
        #expect(subscriber.values.map { $0.userInfo?["n"] as? Int } == [1, 2])
        #expect(subscriber.values.allSatisfy { $0.name == ping })
        #expect(subscriber.completions.isEmpty)
    }

    @Test func onlyTheGivenObjectsNotificationsArrive() {
        let sender = NSObject()
        let subscriber = TestSubscriber<Notification, Never>()
        center.publisher(for: ping, object: sender).subscribe(subscriber)
        center.post(name: ping, object: NSObject())
        center.post(name: ping, object: sender)
        #expect(subscriber.values.count == 1)
        #expect(subscriber.values.first?.object as AnyObject? === sender)
    }

    @Test func notificationsPostedWithoutDemandAreDropped() {
        let subscriber = TestSubscriber<Notification, Never>(initialDemand: .none)
        center.publisher(for: ping).subscribe(subscriber)
        center.post(name: ping, object: nil, userInfo: ["n": 1])
        subscriber.request(.max(1))
        #expect(subscriber.values.isEmpty)
        center.post(name: ping, object: nil, userInfo: ["n": 2])
        center.post(name: ping, object: nil, userInfo: ["n": 3])
        #expect(subscriber.values.map { $0.userInfo?["n"] as? Int } == [2])
    }

    @Test func nothingArrivesAfterCancel() {
        let subscriber = TestSubscriber<Notification, Never>()
        center.publisher(for: ping).subscribe(subscriber)
        center.post(name: ping, object: nil)
        subscriber.cancel()
        center.post(name: ping, object: nil)
        #expect(subscriber.values.count == 1)
    }

    @Test func aReleasedSubscriptionStopsObserving() {
        weak var released: AnyObject?
        var received = 0
        do {
            let cancellable = center.publisher(for: ping).sink { _ in received += 1 }
            released = cancellable
            center.post(name: ping, object: nil)
        }
        center.post(name: ping, object: nil)
        #expect(released == nil)
        #expect(received == 1)
    }

    @Test func concurrentPostsReachTheSubscriberOneAtATime() {
        let subscriber = TestSubscriber<Notification, Never>()
        let overlap = OverlapDetector()
        subscriber.onValue { _ in overlap.visit() }
        center.publisher(for: ping).subscribe(subscriber)
        let center = self.center
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            center.post(name: ping, object: nil)
        }
        #expect(subscriber.values.count == 400)
        #expect(!overlap.overlapped)
    }

    @Test func theSubscriptionDescribesItselfAsApplesDoes() {
        let subscriber = TestSubscriber<Notification, Never>()
        center.publisher(for: ping).subscribe(subscriber)
        #expect(subscriber.subscriptionDescriptions == ["NotificationCenter Observer"])
    }

    @Test func publishersAreEqualForTheSameCenterNameAndObject() {
        let sender = NSObject()
        #expect(center.publisher(for: ping, object: sender) == center.publisher(for: ping, object: sender))
        #expect(center.publisher(for: ping) != center.publisher(for: pong))
        #expect(
            center.publisher(for: ping, object: sender) != center.publisher(for: ping, object: NSObject()))
        #expect(center.publisher(for: ping) != NotificationCenter().publisher(for: ping))
        let publisher = center.publisher(for: ping, object: sender)
        #expect(publisher.center === center)
        #expect(publisher.name == ping)
        #expect(publisher.object === sender)
    }
}

/// Notices when two threads are inside `visit()` at once.
final class OverlapDetector: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = 0
    private var sawOverlap = false

    var overlapped: Bool { lock.withLock { sawOverlap } }

    func visit() {
        lock.withLock {
            inside += 1
            if inside > 1 { sawOverlap = true }
        }
        // Long enough for a racing thread to arrive while this one is still inside.
        for _ in 0..<200 { _ = Thread.current }
        lock.withLock { inside -= 1 }
    }
}
