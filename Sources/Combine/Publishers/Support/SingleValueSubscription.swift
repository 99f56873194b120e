import Synchronization

/// Delivers one value and then `.finished` on the first request; what `Just`, `Optional.Publisher`
/// and `Result.Publisher` hand their subscribers.
///
/// Whichever comes first, the first request or a cancel, claims the subscription with one atomic
/// exchange; only the claimant touches the delivery afterwards, so no lock is needed. The subscriber
/// and the value live in the delivery closure, formed in `init` where their types are concrete: the
/// class itself is not generic, so neither delivering nor freeing it needs any runtime type lookup
/// (this subscription is made and dropped once per value inside `flatMap { Just($0) }`).
internal final class SingleValueSubscription: Subscription, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    private let claimed = Atomic<Bool>(false)
    /// Sends the value and the completion; `nil` once claimed.
    @exclusivity(unchecked) private var delivery: (() -> Void)?
    internal let description: String

    /// `description` is the publisher's name, as a `print()` of the subscription shows it.
    internal init<Downstream: Subscriber>(
        _ value: Downstream.Input, to downstream: Downstream, description: String
    ) {
        delivery = {
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        }
        self.description = description
    }

    internal var customMirror: Mirror {
        Mirror(self, children: [])
    }

    internal var playgroundDescription: Any { description }

    internal func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "A subscriber requested no values; demand must be positive")
        guard !claimed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let deliver = delivery.take()
        deliver?()
    }

    internal func cancel() {
        guard !claimed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        delivery = nil
    }
}
