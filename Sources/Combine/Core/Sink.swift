extension Subscribers {
    /// A subscriber that asks for every value and hands each one, then the completion, to closures.
    ///
    /// Once it completes or is cancelled it lets go of both closures and of its subscription, which
    /// breaks the cycle a closure capturing the sink's owner would otherwise form.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    {
        private let lock = Lock()
        @exclusivity(unchecked) private var slot = SubscriptionSlot.awaiting
        @exclusivity(unchecked) private var valueHandler: ((Input) -> Void)?
        @exclusivity(unchecked) private var completionHandler: ((Subscribers.Completion<Failure>) -> Void)?

        /// The value closure; a closure that does nothing once the sink has finished.
        public final var receiveValue: (Input) -> Void {
            lock.withLock { valueHandler } ?? { _ in }
        }

        /// The completion closure; a closure that does nothing once the sink has finished.
        public final var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            lock.withLock { completionHandler } ?? { _ in }
        }

        public init(
            receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
            receiveValue: @escaping ((Input) -> Void)
        ) {
            valueHandler = receiveValue
            completionHandler = receiveCompletion
        }

        deinit {
            lock.deallocate()
        }

        public final var description: String { "Sink" }

        public final var customMirror: Mirror {
            Mirror(self, children: [])
        }

        public final var playgroundDescription: Any { description }

        public final func receive(subscription: Subscription) {
            lock.lock()
            guard slot.accept(subscription) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            lock.unlock()
            subscription.request(.unlimited)
        }

        public final func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            guard let handler = valueHandler else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            handler(value)
            return .none
        }

        public final func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let handler = completionHandler
            let releasedValueHandler = valueHandler
            valueHandler = nil
            completionHandler = nil
            _ = slot.finish()
            lock.unlock()
            handler?(completion)
            // Released here, outside the lock. `consume` rather than `withExtendedLifetime`, which
            // would box the closure in a reabstraction thunk: an allocation on every completion.
            _ = consume releasedValueHandler
        }

        /// Cancels the subscription and releases the closures; safe from any thread, any number of times.
        public final func cancel() {
            lock.lock()
            let releasedValueHandler = valueHandler
            let releasedCompletionHandler = completionHandler
            valueHandler = nil
            completionHandler = nil
            let subscription = slot.finish()
            lock.unlock()
            // The closures die here, outside the lock, in case what they capture calls back in
            // (`consume`: `withExtendedLifetime` would allocate a thunk around each closure).
            _ = consume releasedValueHandler
            _ = consume releasedCompletionHandler
            subscription?.cancel()
        }
    }
}

extension Publisher {
    /// Attaches a `Sink` that calls `receiveValue` for every value and `receiveCompletion` at the end.
    ///
    /// The sink lives as long as the returned cancellable; releasing or cancelling it cancels upstream.
    public func sink(
        receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>) -> Void),
        receiveValue: @escaping ((Self.Output) -> Void)
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Self.Failure == Never {
    /// Attaches a `Sink` that calls `receiveValue` for every value of a publisher that cannot fail.
    public func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
