import Synchronization

/// A type-erased cancellable that cancels when it is cancelled or when it is released.
///
/// Holding one is what keeps a subscription alive: drop the last reference and the work stops.
/// The first `cancel()` claims the action with one atomic exchange, so later calls, from any
/// thread, do nothing; no lock is allocated, which keeps subscribing cheap.
public final class AnyCancellable: Cancellable, Hashable {
    private let claimed = Atomic<Bool>(false)
    /// Written by `init`, then only by whoever claimed the cancellation: the claim makes every access
    /// exclusive, as a lock would, so the runtime exclusivity check is skipped.
    @exclusivity(unchecked) private var action: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) {
        action = cancel
    }

    /// The closure is formed here, where `C` is concrete, so that cancelling runs code compiled for
    /// `C` rather than a generic implementation reached through an existential.
    public init<C>(_ canceller: C) where C: Cancellable {
        action = canceller.cancel
    }

    deinit {
        // No other reference exists once deinit runs, so nobody can claim the action concurrently.
        if !claimed.load(ordering: .acquiring) {
            action?()
        }
    }

    /// Runs the cancel action once, whichever thread calls first; later calls do nothing.
    public final func cancel() {
        guard !claimed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let taken = action
        action = nil
        taken?()
    }

    public final func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    public final func store<C>(in collection: inout C)
    where C: RangeReplaceableCollection, C.Element == AnyCancellable {
        collection.append(self)
    }

    public final func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }
}
