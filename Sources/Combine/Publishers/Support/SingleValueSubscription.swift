import Synchronization

/// Delivers one value and then `.finished` on the first request; what `Just`, `Optional.Publisher`
/// and `Result.Publisher` hand their subscribers.
///
/// Whichever comes first, the first request or a cancel, claims the subscription with one atomic
/// exchange; only the claimant touches the downstream afterwards, so no lock is needed.
internal final class SingleValueSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
{
    private let claimed = Atomic<Bool>(false)
    @exclusivity(unchecked) private var downstream: Downstream?
    private let value: Downstream.Input
    internal let description: String
    /// `request(_:)` run through a closure made in `init`, where the types are concrete (see
    /// `ElementsSubscription`), so delivery is compiled for the subscriber's type.
    private let requestEntry: (SingleValueSubscription) -> Void

    /// `description` is the publisher's name, as a `print()` of the subscription shows it.
    internal init(_ value: Downstream.Input, to downstream: Downstream, description: String) {
        self.value = value
        self.downstream = downstream
        self.description = description
        requestEntry = { subscription in subscription.deliver() }
    }

    internal var customMirror: Mirror {
        Mirror(self, children: ["output": value])
    }

    internal var playgroundDescription: Any { description }

    internal func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "A subscriber requested no values; demand must be positive")
        requestEntry(self)
    }

    private func deliver() {
        guard !claimed.exchange(true, ordering: .acquiringAndReleasing), let downstream else { return }
        self.downstream = nil
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
    }

    internal func cancel() {
        guard !claimed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        downstream = nil
    }
}
