/// Anything whose work can be stopped early.
public protocol Cancellable {
    /// Stops the work and frees what it holds; calling it again does nothing.
    func cancel()
}

extension Cancellable {
    /// Keeps this cancellable alive, wrapped in an `AnyCancellable`, as long as `collection` holds it.
    public func store<C>(in collection: inout C)
    where C: RangeReplaceableCollection, C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Keeps this cancellable alive, wrapped in an `AnyCancellable`, as long as `set` holds it.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}
