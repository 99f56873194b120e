/// Something that receives a subscription, then values it asked for, then at most one completion.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error

    func receive(subscription: Subscription)
    /// Returns how many more values the subscriber wants, added to what it already asked for.
    func receive(_ input: Self.Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Self.Failure>)
}

extension Subscriber where Self.Input == () {
    /// Sends the one value a `Void` subscriber can take.
    public func receive() -> Subscribers.Demand {
        receive(())
    }
}

/// The namespace of the subscribers and of the types they exchange with publishers.
public enum Subscribers {}
