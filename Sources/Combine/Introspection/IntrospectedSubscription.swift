/// What an introspected subscriber is handed in place of its subscription: it tells the enabled
/// observers about each request and cancel before and after passing it on.
///
/// As Apple's does, it keeps the subscription's identifier and description and describes nothing
/// else. The observers are shown the original subscription, never this wrapper.
internal struct IntrospectedSubscription: Subscription, CustomStringConvertible {
    let base: any Subscription

    /// `subscription` wrapped, unless it is wrapped already (an operator that hands its upstream's
    /// subscription straight downstream).
    static func wrapping(_ subscription: any Subscription) -> any Subscription {
        subscription is IntrospectedSubscription ? subscription : IntrospectedSubscription(base: subscription)
    }

    /// The subscription `subscription` wraps, or `subscription` itself.
    static func unwrapped(_ subscription: any Subscription) -> any Subscription {
        (subscription as? IntrospectedSubscription)?.base ?? subscription
    }

    var combineIdentifier: CombineIdentifier { base.combineIdentifier }

    var description: String { String(describing: base) }

    func request(_ demand: Subscribers.Demand) {
        IntrospectionRegistry.notify { $0.willRequest(subscription: base, demand) }
        base.request(demand)
        IntrospectionRegistry.notify { $0.didRequest(subscription: base, demand) }
    }

    func cancel() {
        IntrospectionRegistry.notify { $0.willCancel(subscription: base) }
        base.cancel()
        IntrospectionRegistry.notify { $0.didCancel(subscription: base) }
    }
}
