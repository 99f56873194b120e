extension Publisher {
    /// Keeps up to `size` values that the downstream has not asked for yet, asking the upstream for values
    /// as `prefetch` says and treating the overflow as `whenFull` says.
    public func buffer(
        size: Int,
        prefetch: Publishers.PrefetchStrategy,
        whenFull: Publishers.BufferingStrategy<Self.Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

extension Publishers {
    /// When a buffer asks its upstream for values.
    public enum PrefetchStrategy: Equatable, Hashable {
        /// Ask for as many values as the buffer holds at the start, and for one more for each value
        /// that leaves it.
        case keepFull
        /// Ask for every value at the start and let the full-buffer strategy deal with the overflow.
        case byRequest

        public static func == (a: Publishers.PrefetchStrategy, b: Publishers.PrefetchStrategy) -> Bool {
            switch (a, b) {
            case (.keepFull, .keepFull), (.byRequest, .byRequest):
                return true
            case (.keepFull, .byRequest), (.byRequest, .keepFull):
                return false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .keepFull:
                hasher.combine(0)
            case .byRequest:
                hasher.combine(1)
            }
        }
    }

    /// What a full buffer does with one more value.
    public enum BufferingStrategy<Failure: Error> {
        /// Drop the value that just arrived.
        case dropNewest
        /// Drop the oldest value held, to make room.
        case dropOldest
        /// Cancel the upstream and, after the values held have gone downstream, fail with this error.
        case customError(() -> Failure)
    }

    /// Holds its upstream's values until the downstream asks for them.
    ///
    /// As with Apple's, the upstream is asked for values before the downstream gets its subscription.
    /// The upstream's failure is passed on at once, even from inside a delivery (values already being
    /// handed out then carry on as far as demand allows); a `customError` failure follows the values
    /// the next request lets through, leaving the rest. Its finishing is passed on once the buffer is
    /// empty and the downstream has demand; values that arrive before then are still kept.
    public struct Buffer<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let size: Int
        public let prefetch: Publishers.PrefetchStrategy
        public let whenFull: Publishers.BufferingStrategy<Publishers.Buffer<Upstream>.Failure>

        public init(
            upstream: Upstream,
            size: Int,
            prefetch: Publishers.PrefetchStrategy,
            whenFull: Publishers.BufferingStrategy<Publishers.Buffer<Upstream>.Failure>
        ) {
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            precondition(
                size >= 0, "buffer(size:prefetch:whenFull:) needs a size of zero or more, not \(size)")
            upstream.subscribe(
                Holder(size: size, prefetch: prefetch, whenFull: whenFull, downstream: subscriber))
        }
    }
}

extension Publishers.Buffer {
    /// Keeps the values and hands them on as the downstream asks; the downstream sees it as its subscription.
    ///
    /// Only one thread calls the downstream at a time: values and requests that turn up while a value is
    /// being delivered are dealt with by the delivering thread before it leaves. Its mirror shows what
    /// Apple's does: the held values, its state, the downstream's demand and the ending.
    private final class Holder<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let size: Int
        private let prefetch: Publishers.PrefetchStrategy
        private let whenFull: Publishers.BufferingStrategy<Failure>
        /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
        /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
        /// (`Sink` lets go as it ends).
        private let downstreamForLife: Downstream
        private let lock = Lock()
        // Guarded by `lock`:
        private var upstream: Subscription?
        private var downstream: Downstream?
        private var hasSubscribed = false
        private var values = ValueQueue<Input>()
        private var demand = Subscribers.Demand.none
        private var isEmitting = false
        /// How the stream ends: a finish once the buffer is empty, a failure after the next delivery.
        private var ending: Subscribers.Completion<Failure>?
        /// The upstream's failure has already been passed on from inside a delivery.
        private var hasSentFailure = false

        init(
            size: Int,
            prefetch: Publishers.PrefetchStrategy,
            whenFull: Publishers.BufferingStrategy<Failure>,
            downstream: Downstream
        ) {
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
            self.downstream = downstream
            downstreamForLife = downstream
        }

        deinit {
            lock.deallocate()
        }

        var description: String { "Buffer" }

        var playgroundDescription: Any { description }

        var customMirror: Mirror {
            lock.mirror(of: self) {
                let state =
                    switch (hasSubscribed, downstream != nil) {
                    case (_, false): "closed"
                    case (false, true): "awaitingSubscription"
                    case (true, true): "subscribed"
                    }
                return [
                    "values": values.elements, "state": state, "downstreamDemand": demand,
                    "terminal": ending as Any,
                ]
            }
        }

        func receive(subscription: Subscription) {
            lock.lock()
            guard !hasSubscribed, let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            hasSubscribed = true
            upstream = subscription
            lock.unlock()
            switch prefetch {
            case .keepFull where size > 0:
                subscription.request(.max(size))
            case .keepFull:
                break
            case .byRequest:
                subscription.request(.unlimited)
            }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            // As with Apple's, values that follow the upstream's finish are still kept.
            guard hasSubscribed, !isFailing, let downstream else {
                lock.unlock()
                return .none
            }
            guard !isEmitting, demand > .none, values.isEmpty else {
                store(input)
                return .none
            }
            demand -= 1
            isEmitting = true
            lock.unlock()
            let more = downstream.receive(input)
            lock.lock()
            demand += more
            emitHeld(to: downstream)
            // The value never took a place in the buffer, so the buffer asks for one to replace it.
            return prefetch == .keepFull ? .max(1) : .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard upstream != nil, ending == nil, let downstream else {
                lock.unlock()
                return
            }
            upstream = nil
            switch completion {
            case .finished:
                ending = .finished
                guard !isEmitting else {
                    lock.unlock()
                    return
                }
                isEmitting = true
                emitHeld(to: downstream)
            case .failure:
                ending = completion
                guard !isEmitting else {
                    // Apple's passes it on at once; the delivering thread then finishes its round.
                    hasSentFailure = true
                    lock.unlock()
                    downstream.receive(completion: completion)
                    return
                }
                values.removeAll()
                self.downstream = nil
                lock.unlock()
                downstream.receive(completion: completion)
            }
        }

        func request(_ newDemand: Subscribers.Demand) {
            // Asking for nothing is harmless, as with Apple's.
            guard newDemand > .none else { return }
            lock.lock()
            guard let downstream else {
                lock.unlock()
                return
            }
            demand += newDemand
            guard !isEmitting else {
                lock.unlock()
                return
            }
            isEmitting = true
            emitHeld(to: downstream)
        }

        func cancel() {
            lock.lock()
            let upstream = self.upstream
            let released = downstream
            self.upstream = nil
            downstream = nil
            values.removeAll()
            lock.unlock()
            upstream?.cancel()
            withExtendedLifetime(released) {}
        }

        /// Whether the stream ends in a failure, so that values are no longer taken.
        private var isFailing: Bool {
            if case .failure? = ending { return true }
            return false
        }

        /// Keeps a value that cannot go downstream yet, or deals with the overflow. Entered with the lock
        /// held; leaves with it released.
        private func store(_ input: Input) {
            guard values.count >= size else {
                values.append(input)
                lock.unlock()
                return
            }
            switch whenFull {
            case .dropNewest:
                lock.unlock()
            case .dropOldest:
                if !values.isEmpty {
                    _ = values.popFirst()
                    values.append(input)
                }
                lock.unlock()
            case .customError(let makeError):
                // Kept, as Apple's keeps it: a later refill under `.keepFull` still goes to it.
                let upstream = self.upstream
                ending = .failure(makeError())
                lock.unlock()
                upstream?.cancel()
            }
        }

        /// Delivers held values while there is demand, asks the upstream to refill (under `.keepFull`),
        /// then sends any ending that is due. Entered with the lock held and `isEmitting` set by the caller;
        /// leaves with the lock released and `isEmitting` clear.
        private func emitHeld(to downstream: Downstream) {
            var delivered = 0
            while self.downstream != nil, demand > .none, let value = values.popFirst() {
                demand -= 1
                delivered += 1
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                demand += more
            }
            isEmitting = false
            let refilled = prefetch == .keepFull && delivered > 0 ? upstream : nil
            var completion: Subscribers.Completion<Failure>?
            if self.downstream != nil, !hasSentFailure {
                // As with Apple's, the finish waits for an empty buffer and demand; a failure does not.
                switch ending {
                case .finished? where values.isEmpty && demand > .none, .failure?: completion = ending
                case .finished?, nil: break
                }
            }
            if completion != nil || hasSentFailure {
                self.downstream = nil
                upstream = nil
                values.removeAll()
            }
            lock.unlock()
            refilled?.request(.max(delivered))
            if let completion {
                downstream.receive(completion: completion)
            }
        }
    }
}
