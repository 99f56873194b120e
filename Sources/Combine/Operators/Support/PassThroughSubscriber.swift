/// A subscriber that changes values or failures on their way down but hands everything else on as is.
///
/// Operators built on it keep no state of their own: the downstream receives the upstream's own
/// subscription (so it sees the upstream's description, as on Apple platforms) and asks the upstream
/// directly for values. Stateless conforming types are structs, so subscribing allocates nothing for them.
///
/// The hot ones are `@usableFromInline` (with their protocol witnesses): cross-module optimisation
/// can only devirtualise and specialise a subscriber call into a conformance the client can see, and
/// without that every value would go through unspecialised generic code.
///
/// As Apple's do, they reflect with no children and show their description in a playground.
@usableFromInline
internal protocol PassThroughSubscriber: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    associatedtype Downstream: Subscriber

    var downstream: Downstream { get }
}

extension PassThroughSubscriber {
    @usableFromInline
    internal var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline
    internal var playgroundDescription: Any { description }
}

extension PassThroughSubscriber {
    @usableFromInline
    internal func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }
}

extension PassThroughSubscriber where Failure == Downstream.Failure {
    @usableFromInline
    internal func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
