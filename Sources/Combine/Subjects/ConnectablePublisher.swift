/// A publisher that does nothing for its subscribers until `connect()` is called.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts the work; cancelling the result stops it.
    func connect() -> Cancellable
}

extension ConnectablePublisher {
    /// Connects when the first subscriber arrives and disconnects when the last one cancels.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}
