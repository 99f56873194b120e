/// A subscriber that hides the type of what it forwards to: another subscriber, a subject, or closures.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    private let box: SubscriberBoxBase<Input, Failure>

    public let combineIdentifier: CombineIdentifier

    /// Wraps `s`, keeping its identifier; wrapping an `AnySubscriber` again reuses it as it is.
    public init<S>(_ s: S) where Input == S.Input, Failure == S.Failure, S: Subscriber {
        if let erased = s as? AnySubscriber<Input, Failure> {
            self = erased
        } else {
            box = SubscriberBox(s)
            combineIdentifier = s.combineIdentifier
        }
    }

    /// Feeds the subject `s` as `subscribe(_:)` with a subject does, as Apple's does: the subject is
    /// handed a subscription describing itself as "Subject", and a second subscription or completion
    /// is filtered out.
    public init<S>(_ s: S) where Input == S.Output, Failure == S.Failure, S: Subject {
        box = SubscriberBox(SubjectSubscriber(s))
        combineIdentifier = CombineIdentifier(s)
    }

    /// Calls the closures given, doing nothing for a missing one (a missing value closure asks for nothing).
    public init(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        box = ClosureBox(
            receiveSubscription: receiveSubscription,
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        )
        combineIdentifier = CombineIdentifier()
    }

    public var description: String { box.description }

    public var customMirror: Mirror { box.customMirror }

    public var playgroundDescription: Any { description }

    public func receive(subscription: Subscription) {
        box.receive(subscription: subscription)
    }

    public func receive(_ value: Input) -> Subscribers.Demand {
        box.receive(value)
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        box.receive(completion: completion)
    }
}

/// The three things every box forwards; each subclass says where to.
private class SubscriberBoxBase<Input, Failure: Error> {
    var description: String { "Anonymous AnySubscriber" }

    /// As Apple's: a subscriber made of closures reflects as its description, a plain string.
    var customMirror: Mirror { Mirror(reflecting: description) }

    func receive(subscription: Subscription) {}

    func receive(_ value: Input) -> Subscribers.Demand { .none }

    func receive(completion: Subscribers.Completion<Failure>) {}
}

private final class SubscriberBox<Base: Subscriber>: SubscriberBoxBase<Base.Input, Base.Failure> {
    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    override var description: String { String(describing: base) }

    override var customMirror: Mirror { Mirror(reflecting: base) }

    override func receive(subscription: Subscription) {
        base.receive(subscription: subscription)
    }

    override func receive(_ value: Base.Input) -> Subscribers.Demand {
        base.receive(value)
    }

    override func receive(completion: Subscribers.Completion<Base.Failure>) {
        base.receive(completion: completion)
    }
}

private final class ClosureBox<Input, Failure: Error>: SubscriberBoxBase<Input, Failure> {
    let subscriptionHandler: ((Subscription) -> Void)?
    let valueHandler: ((Input) -> Subscribers.Demand)?
    let completionHandler: ((Subscribers.Completion<Failure>) -> Void)?

    init(
        receiveSubscription: ((Subscription) -> Void)?,
        receiveValue: ((Input) -> Subscribers.Demand)?,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    ) {
        subscriptionHandler = receiveSubscription
        valueHandler = receiveValue
        completionHandler = receiveCompletion
    }

    override func receive(subscription: Subscription) {
        subscriptionHandler?(subscription)
    }

    override func receive(_ value: Input) -> Subscribers.Demand {
        valueHandler?(value) ?? .none
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        completionHandler?(completion)
    }
}
