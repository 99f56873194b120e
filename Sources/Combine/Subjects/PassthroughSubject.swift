/// A subject that passes each value on to the subscribers present, and remembers nothing but its completion.
///
/// A subscriber receives a value only if it has demand for it when the value is sent; otherwise that
/// subscriber misses it. A subscriber that arrives after the completion receives just the completion.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let core = SubjectCore<Output, Failure>(name: "PassthroughSubject", memory: .none)

    public init() {}

    /// Cancels the upstream subscriptions the subject still holds, as Apple's does when it goes away.
    deinit {
        core.cancelUpstreams()
    }

    public final func send(subscription: Subscription) {
        core.send(subscription: subscription)
    }

    public final func receive<S>(subscriber: __owned S)
    where Output == S.Input, Failure == S.Failure, S: Subscriber {
        core.attach(subscriber, holding: self)
    }

    public final func send(_ input: Output) {
        core.send(input)
    }

    public final func send(completion: Subscribers.Completion<Failure>) {
        core.send(completion: completion)
    }
}
