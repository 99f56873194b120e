/// What a publisher hands a subscriber: the one way to ask for values and to stop them.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}

/// Ready-made subscriptions.
public enum Subscriptions {}

extension Subscriptions {
    /// A subscription that ignores requests and cancellation, for publishers that complete at once.
    public static var empty: Subscription {
        EmptySubscription.singleton
    }
}

/// As Apple's does, it describes itself as "Empty", in a playground too, and reflects with no children.
private final class EmptySubscription: Subscription, ReflectsNoChildren {
    static let singleton = EmptySubscription()

    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}

    var description: String { "Empty" }
}
