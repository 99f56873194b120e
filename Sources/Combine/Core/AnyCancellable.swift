/// A type-erased cancellable that cancels when it is cancelled or when it is released.
///
/// Holding one is what keeps a subscription alive: drop the last reference and the work stops.
public final class AnyCancellable: Cancellable, Hashable {
    private let lock = Lock()
    private var cancelAction: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    public init<C>(_ canceller: C) where C: Cancellable {
        cancelAction = canceller.cancel
    }

    deinit {
        // No other reference exists once deinit runs, so the lock is not needed here.
        let action = cancelAction
        cancelAction = nil
        lock.deallocate()
        action?()
    }

    /// Runs the cancel action once, whichever thread calls first; later calls do nothing.
    public final func cancel() {
        lock.lock()
        let action = cancelAction
        cancelAction = nil
        lock.unlock()
        action?()
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
