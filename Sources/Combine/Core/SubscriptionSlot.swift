/// Where a subscriber keeps its upstream subscription: not yet received, held, or finished for good.
///
/// Subscribers that end the chain (`Assign`, a subject's subscriber) and `print` share these rules:
/// take the first subscription only, and once finished (completed or cancelled) take none again.
/// Callers guard it with their own lock. (`Sink` keeps the same rules in its atomic state word instead.)
internal enum SubscriptionSlot {
    case awaiting
    case holding(Subscription)
    case finished

    /// Keeps `subscription` if none has arrived yet; returns false if it must be cancelled instead.
    internal mutating func accept(_ subscription: Subscription) -> Bool {
        guard case .awaiting = self else { return false }
        self = .holding(subscription)
        return true
    }

    /// Marks the slot finished and hands back the subscription it held, if any.
    internal mutating func finish() -> Subscription? {
        defer { self = .finished }
        if case .holding(let subscription) = self { return subscription }
        return nil
    }

    internal var isFinished: Bool {
        if case .finished = self { return true }
        return false
    }
}
