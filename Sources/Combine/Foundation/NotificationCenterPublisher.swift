import Foundation

extension NotificationCenter {
    /// A publisher of the notifications named `name` that this center posts, from `object` or, when
    /// `object` is `nil`, from anyone.
    public func publisher(
        for name: Notification.Name, object: AnyObject? = nil
    ) -> NotificationCenter.Publisher {
        NotificationCenter.Publisher(center: self, name: name, object: object)
    }

    /// A publisher that observes a notification center for as long as a subscription lasts.
    ///
    /// Each subscriber gets its own observer, registered when it subscribes and removed when it
    /// cancels. Notifications arrive on the posting thread; those posted while the subscriber has no
    /// outstanding demand are dropped, as a notification center keeps no backlog.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never

        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, S.Failure == Never, S.Input == Notification {
            let subscription = NotificationSubscription(downstream: subscriber)
            subscription.observe(center: center, name: name, object: object)
            subscriber.receive(subscription: subscription)
        }
    }
}

extension NotificationCenter.Publisher: Equatable {
    /// Two publishers are equal when they watch the same center for the same name from the same object.
    public static func == (lhs: NotificationCenter.Publisher, rhs: NotificationCenter.Publisher) -> Bool {
        lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
    }
}

/// One subscriber's observer: it counts demand, forwards a notification only while there is some,
/// and is removed from the center when the subscription is cancelled or released.
///
/// Posts from several threads reach the subscriber one at a time; a post made from inside the
/// subscriber's own `receive(_:)` is delivered re-entrantly on that thread.
private final class NotificationSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
where Downstream.Input == Notification, Downstream.Failure == Never {
    private let lock = Lock()
    private let deliveryLock = Lock(recursive: true)
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var center: NotificationCenter?
    private var observer: NSObjectProtocol?

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    deinit {
        if let center, let observer {
            center.removeObserver(observer)
        }
        lock.deallocate()
        deliveryLock.deallocate()
    }

    var description: String { "NotificationCenter Observer" }

    /// Registers the observer; called once, before the subscriber sees the subscription.
    func observe(center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
        let observer = center.addObserver(forName: name, object: object, queue: nil) {
            [weak self] notification in
            self?.deliver(notification)
        }
        lock.withLock {
            self.center = center
            self.observer = observer
        }
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "a subscriber must request at least one value")
        lock.withLock {
            if downstream != nil {
                self.demand += demand
            }
        }
    }

    func cancel() {
        lock.lock()
        let center = self.center
        let observer = self.observer
        downstream = nil
        demand = .none
        self.center = nil
        self.observer = nil
        lock.unlock()
        if let center, let observer {
            center.removeObserver(observer)
        }
    }

    private func deliver(_ notification: Notification) {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        lock.lock()
        guard let downstream, demand > .none else {
            lock.unlock()
            return
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(notification)
        guard more > .none else { return }
        lock.withLock {
            if self.downstream != nil {
                demand += more
            }
        }
    }
}
