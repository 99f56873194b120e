/// What `subscribe(_:)` hands the publisher in place of the subscriber while an observer is enabled:
/// it tells the enabled observers about each subscription, value and completion before and after
/// passing it on, and wraps the subscription so that requests and cancels are seen too.
///
/// As Apple's does, it keeps the subscriber's identifier and description, and describes nothing else
/// (no debug description, mirror or playground form). It goes on forwarding after every observer is
/// disabled; it only tells those enabled at the time of each event.
internal struct IntrospectedSubscriber<Base: Subscriber>: Subscriber, CustomStringConvertible,
    IntrospectionForwarding
{
    typealias Input = Base.Input
    typealias Failure = Base.Failure

    let base: Base

    var combineIdentifier: CombineIdentifier { base.combineIdentifier }

    var description: String { String(describing: base) }

    func receive(subscription: Subscription) {
        let original = IntrospectedSubscription.unwrapped(subscription)
        IntrospectionRegistry.notify { $0.willReceive(subscriber: base, subscription: original) }
        base.receive(subscription: IntrospectedSubscription.wrapping(subscription))
        IntrospectionRegistry.notify { $0.didReceive(subscriber: base, subscription: original) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        IntrospectionRegistry.notify { $0.willReceive(subscriber: base, input: input) }
        let demand = base.receive(input)
        IntrospectionRegistry.notify {
            $0.didReceive(subscriber: base, input: input, resultingDemand: demand)
        }
        return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        IntrospectionRegistry.notify { $0.willReceive(subscriber: base, completion: completion) }
        base.receive(completion: completion)
        IntrospectionRegistry.notify { $0.didReceive(subscriber: base, completion: completion) }
    }
}

/// Marks the introspection wrappers, so that one already wrapped is passed on as it is.
internal protocol IntrospectionForwarding {}

extension Publisher {
    /// `subscribe(_:)` while an observer is enabled: tells the observers, and hands the publisher
    /// `subscriber` wrapped. A subscriber wrapped already (an operator that passes its downstream
    /// straight to its upstream) is not wrapped twice, and the observers are shown it type-erased,
    /// as Apple's are.
    @inline(never)
    internal func subscribeIntrospected<S>(_ subscriber: S)
    where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input {
        if subscriber is IntrospectionForwarding {
            announce(AnySubscriber(subscriber)) { receive(subscriber: subscriber) }
        } else {
            announce(subscriber) { receive(subscriber: IntrospectedSubscriber(base: subscriber)) }
        }
    }

    private func announce<S>(_ subscriber: S, around attach: () -> Void)
    where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input {
        IntrospectionRegistry.notify { $0.willReceive(publisher: self, subscriber: subscriber) }
        attach()
        IntrospectionRegistry.notify { $0.didReceive(publisher: self, subscriber: subscriber) }
    }
}
