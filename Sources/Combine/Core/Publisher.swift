/// Something that can deliver values, then at most one completion, to each subscriber it is given.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    /// Attaches `subscriber`; the publisher answers with `receive(subscription:)` on it.
    func receive<S>(subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

extension Publisher {
    /// The entry point for attaching a subscriber; publishers implement `receive(subscriber:)`.
    /// While an `_Introspection` is enabled, the attachment goes through it.
    @inline(__always)
    public func subscribe<S>(_ subscriber: S)
    where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input {
        if IntrospectionRegistry.anyEnabled {
            subscribeIntrospected(subscriber)
        } else {
            receive(subscriber: subscriber)
        }
    }
}

/// The namespace of the publishers that operators return.
public enum Publishers {}
