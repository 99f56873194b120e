extension Publisher {
    /// Publishes `elements` first, then this publisher's values.
    public func prepend(
        _ elements: Self.Output...
    ) -> Publishers.Concatenate<Publishers.Sequence<[Self.Output], Self.Failure>, Self> {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Publishes the elements of `elements` first, then this publisher's values.
    public func prepend<S>(
        _ elements: S
    ) -> Publishers.Concatenate<Publishers.Sequence<S, Self.Failure>, Self>
    where S: Swift.Sequence, Self.Output == S.Element {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Publishes all of `publisher`'s values first, then, once it finishes, this publisher's values.
    public func prepend<P>(
        _ publisher: P
    ) -> Publishers.Concatenate<P, Self>
    where P: Publisher, Self.Failure == P.Failure, Self.Output == P.Output {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Publishes this publisher's values, then, once it finishes, `elements`.
    public func append(
        _ elements: Self.Output...
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<[Self.Output], Self.Failure>> {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Publishes this publisher's values, then, once it finishes, the elements of `elements`.
    public func append<S>(
        _ elements: S
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Self.Failure>>
    where S: Swift.Sequence, Self.Output == S.Element {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Publishes this publisher's values, then, once it finishes, all of `publisher`'s values.
    public func append<P>(
        _ publisher: P
    ) -> Publishers.Concatenate<Self, P>
    where P: Publisher, Self.Failure == P.Failure, Self.Output == P.Output {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}

extension Publishers {
    /// Publishes all of one publisher's values, then, once it finishes, all of another's.
    ///
    /// The suffix is subscribed only when the prefix finishes, and is asked for whatever the downstream
    /// asked for that the prefix did not deliver. A failure of the prefix ends the stream without the suffix.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Failure == Suffix.Failure, Prefix.Output == Suffix.Output {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure

        public let prefix: Prefix
        public let suffix: Suffix

        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Suffix.Failure == S.Failure, Suffix.Output == S.Input {
            prefix.subscribe(Leg<S, PrefixSide>(relay: Relay(suffix: suffix, downstream: subscriber)))
        }
    }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {
    public static func == (
        lhs: Publishers.Concatenate<Prefix, Suffix>,
        rhs: Publishers.Concatenate<Prefix, Suffix>
    ) -> Bool {
        lhs.prefix == rhs.prefix && lhs.suffix == rhs.suffix
    }
}

extension Publishers.Concatenate {
    /// The downstream's subscription: it relays values from the prefix, then from the suffix. As Apple's
    /// does, it reaches the downstream once the prefix's subscription has come, so that nothing the prefix
    /// sends before that (a broken publisher's early value or completion) reaches the downstream.
    private final class Relay<Downstream: Subscriber>: Subscription, ReflectsNoChildren
    where Downstream.Input == Output, Downstream.Failure == Failure {
        private enum Phase {
            case prefix
            /// The prefix finished; the suffix has been subscribed but has not answered yet.
            case awaitingSuffix
            case suffix
            case ended
        }

        private let lock = Lock()
        /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
        /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
        /// (`Sink` lets go as it ends).
        private let downstreamForLife: Downstream
        // Guarded by `lock`:
        private var phase = Phase.prefix
        private var suffix: Suffix?
        private var downstream: Downstream?
        private var current: Subscription?
        private var granted = Subscribers.Demand.none
        // Touched only by the current upstream's serialised calls; they carry over to the suffix because
        // the suffix is subscribed from inside the prefix's completion.
        private var delivered = 0
        private var grantedByValues = Subscribers.Demand.none

        init(suffix: Suffix, downstream: Downstream) {
            self.suffix = suffix
            self.downstream = downstream
            downstreamForLife = downstream
        }

        deinit {
            lock.deallocate()
        }

        var description: String { "Concatenate" }

        func request(_ demand: Subscribers.Demand) {
            // As with Apple's, a request for nothing is passed on to the running upstream.
            lock.lock()
            guard downstream != nil else {
                lock.unlock()
                return
            }
            granted += demand
            let current = self.current
            lock.unlock()
            current?.request(demand)
        }

        func cancel() {
            lock.lock()
            let current = self.current
            let released = (downstream, suffix)
            phase = .ended
            self.current = nil
            downstream = nil
            suffix = nil
            lock.unlock()
            current?.cancel()
            withExtendedLifetime(released) {}
        }

        fileprivate func receive(subscription: Subscription, fromSuffix: Bool) {
            lock.lock()
            switch (phase, fromSuffix) {
            case (.prefix, false) where current == nil:
                current = subscription
                let downstream = self.downstream
                lock.unlock()
                // Every request the downstream makes from now on goes straight to `current`.
                downstream?.receive(subscription: self)
            case (.awaitingSuffix, true):
                current = subscription
                phase = .suffix
                let outstanding = unmetDemand()
                lock.unlock()
                if outstanding > .none {
                    subscription.request(outstanding)
                }
            default:
                lock.unlock()
                subscription.cancel()
            }
        }

        /// A value beyond what the downstream asked for is dropped, as Apple's does.
        fileprivate func receive(_ input: Output, fromSuffix: Bool) -> Subscribers.Demand {
            lock.lock()
            guard isCurrent(fromSuffix), let downstream, unmetDemand() > .none else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            delivered += 1
            let more = downstream.receive(input)
            grantedByValues += more
            return more
        }

        fileprivate func receive(completion: Subscribers.Completion<Failure>, fromSuffix: Bool) {
            lock.lock()
            guard isCurrent(fromSuffix), let downstream else {
                lock.unlock()
                return
            }
            current = nil
            if case .finished = completion, !fromSuffix, let suffix {
                phase = .awaitingSuffix
                self.suffix = nil
                lock.unlock()
                suffix.subscribe(Leg<Downstream, SuffixSide>(relay: self))
                return
            }
            phase = .ended
            self.downstream = nil
            suffix = nil
            lock.unlock()
            downstream.receive(completion: completion)
        }

        /// What the downstream asked for that the prefix did not deliver; called with the lock held.
        private func unmetDemand() -> Subscribers.Demand {
            let total = granted + grantedByValues
            guard let limit = total.max else { return .unlimited }
            return .max(Swift.max(0, limit - delivered))
        }

        /// Whether a call from the prefix (or the suffix) comes from the upstream now being relayed.
        private func isCurrent(_ fromSuffix: Bool) -> Bool {
            switch phase {
            case .prefix: return !fromSuffix && current != nil
            case .suffix: return fromSuffix
            case .awaitingSuffix, .ended: return false
            }
        }
    }

    /// Subscribes `relay` to one of the two publishers, telling it which one is calling. The side is a
    /// type, so the prefix's subscriber and the suffix's are of different types, as Apple's are.
    private struct Leg<Downstream: Subscriber, Side: ConcatenateSide>: Subscriber, ReflectsNoChildren
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Output

        let relay: Relay<Downstream>
        var isSuffix: Bool { Side.isSuffix }

        var combineIdentifier: CombineIdentifier { CombineIdentifier(relay) }

        var description: String { "Concatenate" }

        func receive(subscription: Subscription) {
            relay.receive(subscription: subscription, fromSuffix: isSuffix)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            relay.receive(input, fromSuffix: isSuffix)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            relay.receive(completion: completion, fromSuffix: isSuffix)
        }
    }
}

/// Which of its two publishers a `Concatenate` subscriber is attached to.
private protocol ConcatenateSide {
    static var isSuffix: Bool { get }
}

private enum PrefixSide: ConcatenateSide {
    static var isSuffix: Bool { false }
}

private enum SuffixSide: ConcatenateSide {
    static var isSuffix: Bool { true }
}
