extension Publisher where Failure == Never {
    /// Sets a `@Published` property to every value this publisher sends, for as long as the property
    /// lives: the property owns the subscription, so nothing needs storing and no cycle is made.
    public func assign(to published: inout Published<Output>.Publisher) {
        subscribe(PublishedAssignment(subject: published.subject))
    }
}

/// The subscriber behind `assign(to:)`: it holds the property's storage weakly, and the storage holds
/// its subscription, which is cancelled when the storage goes away with its object, or let go of when
/// the upstream finishes.
private final class PublishedAssignment<Input>: Subscriber {
    typealias Failure = Never

    private weak var subject: PublishedSubject<Input>?
    private var subscriptionID: CombineIdentifier?

    init(subject: PublishedSubject<Input>) {
        self.subject = subject
    }

    func receive(subscription: Subscription) {
        guard let subject else {
            subscription.cancel()
            return
        }
        subscriptionID = subscription.combineIdentifier
        subject.adopt(subscription)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        subject?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        if let subscriptionID {
            subject?.release(subscriptionID)
        }
    }
}
