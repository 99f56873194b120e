/// An observer of every subscription, value, completion, request and cancel that passes through
/// `subscribe(_:)` while it is enabled: Apple's underscored hook, which debugging tools use to see a
/// pipeline's stages without adding operators to it.
///
/// Only what is attached with `subscribe(_:)` after `enable()` is seen; a call of
/// `receive(subscriber:)` made directly is not. Every requirement has an empty default, so an
/// observer implements only the events it wants.
public protocol _Introspection: AnyObject {
    func willReceive<P, S>(publisher: P, subscriber: S)
    where P: Publisher, S: Subscriber, P.Failure == S.Failure, P.Output == S.Input
    func didReceive<P, S>(publisher: P, subscriber: S)
    where P: Publisher, S: Subscriber, P.Failure == S.Failure, P.Output == S.Input
    func willReceive<S>(subscriber: S, subscription: Subscription) where S: Subscriber
    func didReceive<S>(subscriber: S, subscription: Subscription) where S: Subscriber
    func willReceive<S>(subscriber: S, input: S.Input) where S: Subscriber
    func didReceive<S>(subscriber: S, input: S.Input, resultingDemand: Subscribers.Demand) where S: Subscriber
    func willReceive<S>(subscriber: S, completion: Subscribers.Completion<S.Failure>) where S: Subscriber
    func didReceive<S>(subscriber: S, completion: Subscribers.Completion<S.Failure>) where S: Subscriber
    func willRequest(subscription: Subscription, _ demand: Subscribers.Demand)
    func didRequest(subscription: Subscription, _ demand: Subscribers.Demand)
    func willCancel(subscription: Subscription)
    func didCancel(subscription: Subscription)
}

extension _Introspection {
    public func willReceive<P, S>(publisher: P, subscriber: S)
    where P: Publisher, S: Subscriber, P.Failure == S.Failure, P.Output == S.Input {}

    public func didReceive<P, S>(publisher: P, subscriber: S)
    where P: Publisher, S: Subscriber, P.Failure == S.Failure, P.Output == S.Input {}

    public func willReceive<S>(subscriber: S, subscription: Subscription) where S: Subscriber {}

    public func didReceive<S>(subscriber: S, subscription: Subscription) where S: Subscriber {}

    public func willReceive<S>(subscriber: S, input: S.Input) where S: Subscriber {}

    public func didReceive<S>(subscriber: S, input: S.Input, resultingDemand: Subscribers.Demand)
    where S: Subscriber {}

    public func willReceive<S>(subscriber: S, completion: Subscribers.Completion<S.Failure>)
    where S: Subscriber {}

    public func didReceive<S>(subscriber: S, completion: Subscribers.Completion<S.Failure>)
    where S: Subscriber {}

    public func willRequest(subscription: Subscription, _ demand: Subscribers.Demand) {}

    public func didRequest(subscription: Subscription, _ demand: Subscribers.Demand) {}

    public func willCancel(subscription: Subscription) {}

    public func didCancel(subscription: Subscription) {}

    /// Starts delivering events to this observer, alongside any other enabled one; enabling it again
    /// changes nothing. The module holds the observer until `disable()`.
    public func enable() {
        IntrospectionRegistry.enable(self)
    }

    /// Stops delivering events to this observer; the others enabled go on receiving theirs.
    public func disable() {
        IntrospectionRegistry.disable(self)
    }

    /// Whether this observer is receiving events now.
    public var isEnabled: Bool {
        IntrospectionRegistry.isEnabled(self)
    }
}
