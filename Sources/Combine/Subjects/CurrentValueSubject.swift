/// A subject that holds a current value: each subscriber receives it on its first demand, then every
/// value sent after, while it has demand.
///
/// A value sent while a subscriber has no demand is not queued; the subscriber's next request brings
/// it the value current at that moment. Setting `value` is the same as `send(_:)`, except that after the
/// completion the new value is still kept (and sent to no one), as with Apple's.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let core: SubjectCore<Output, Failure>

    public final var value: Output {
        get {
            // The core was created with `.latest` memory, so it always has a value to give.
            core.latestValue!
        }
        set {
            core.replaceValue(newValue)
        }
    }

    public init(_ value: Output) {
        core = SubjectCore(name: "CurrentValueSubject", memory: .latest(value), asksUpstreamsAtOnce: true)
    }

    /// Cancels the upstream subscriptions the subject still holds, as Apple's does when it goes away.
    deinit {
        core.cancelUpstreams()
    }

    public final func send(subscription: Subscription) {
        core.send(subscription: subscription)
    }

    public final func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        core.attach(subscriber, holding: self)
    }

    /// Makes `input` the current value and sends it; after the completion it does nothing, as Apple's.
    public final func send(_ input: Output) {
        core.send(input)
    }

    public final func send(completion: Subscribers.Completion<Failure>) {
        core.send(completion: completion)
    }
}
