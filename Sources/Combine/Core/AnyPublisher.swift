/// A publisher that hides the type of the publisher it wraps, keeping only its output and failure types.
///
/// The wrapped publisher sits in a class box with one generic subclass per wrapped type, so subscribing
/// costs one virtual call and values flow straight from the wrapped publisher to the subscriber.
public struct AnyPublisher<Output, Failure: Error>: CustomStringConvertible,
    CustomPlaygroundDisplayConvertible
{
    private let box: PublisherBoxBase<Output, Failure>

    /// Wraps `publisher`; wrapping an `AnyPublisher` again reuses its box instead of nesting.
    public init<P>(_ publisher: P) where Output == P.Output, Failure == P.Failure, P: Publisher {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            box = erased.box
        } else {
            box = PublisherBox(publisher)
        }
    }

    public var description: String { "AnyPublisher" }

    public var playgroundDescription: Any { description }
}

extension AnyPublisher: Publisher {
    public func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        box.receive(subscriber: subscriber)
    }
}

extension Publisher {
    /// This publisher behind an `AnyPublisher`, so that its concrete type stays out of an API.
    public func eraseToAnyPublisher() -> AnyPublisher<Self.Output, Self.Failure> {
        AnyPublisher(self)
    }
}

/// What every box can do: attach a subscriber. Only `PublisherBox` is ever instantiated.
private class PublisherBoxBase<Output, Failure: Error> {
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        preconditionFailure("PublisherBox overrides receive(subscriber:)")
    }
}

private final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure> {
    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    override func receive<S: Subscriber>(subscriber: S)
    where S.Input == Base.Output, S.Failure == Base.Failure {
        base.receive(subscriber: subscriber)
    }
}
