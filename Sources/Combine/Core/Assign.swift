extension Subscribers {
    /// A subscriber that writes every value it receives into a property of an object.
    ///
    /// It holds the object strongly until it completes or is cancelled, then lets go of it.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable,
        CustomPlaygroundDisplayConvertible
    {
        public typealias Failure = Never

        private let lock = Lock()
        @exclusivity(unchecked) private var slot = SubscriptionSlot.awaiting
        @exclusivity(unchecked) private var target: Root?

        /// The object written to, or `nil` once the subscriber has finished.
        public final var object: Root? {
            lock.withLock { target }
        }

        public final let keyPath: ReferenceWritableKeyPath<Root, Input>

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            target = object
            self.keyPath = keyPath
        }

        deinit {
            lock.deallocate()
        }

        public final var description: String { "Assign \(Root.self)." }

        /// As Apple's: the object, the key path and where its subscription stands.
        public final var customMirror: Mirror {
            let (target, slot) = lock.withLock { (self.target, self.slot) }
            return Mirror(self, children: ["object": target as Any, "keyPath": keyPath, "status": slot])
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

        /// Ignored before the subscription has come, as Apple's is.
        public final func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            let object = if case .holding = slot { target } else { Root?.none }
            lock.unlock()
            object?[keyPath: keyPath] = value
            return .none
        }

        public final func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            let released = target
            target = nil
            _ = slot.finish()
            lock.unlock()
            withExtendedLifetime(released) {}
        }

        public final func cancel() {
            lock.lock()
            let released = target
            target = nil
            let subscription = slot.finish()
            lock.unlock()
            withExtendedLifetime(released) {}
            subscription?.cancel()
        }
    }
}

extension Publisher where Self.Failure == Never {
    /// Writes every value into `object[keyPath: keyPath]`, holding `object` until the subscription ends.
    public func assign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Self.Output>, on object: Root
    )
        -> AnyCancellable
    {
        let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
