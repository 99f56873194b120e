extension Publisher {
    /// Gathers every value into one array, published once the upstream finishes.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }

    /// Gathers values into arrays of `count`; the last array may be shorter, when the upstream finishes.
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

extension Publishers {
    /// Publishes all of its upstream's values as one array when the upstream finishes.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == [Upstream.Output] {
            upstream.subscribeReducing(
                subscriber,
                named: "Collect",
                initial: [Upstream.Output](),
                fold: { values, value in
                    values.append(value)
                    return false
                },
                answer: { $0 },
                // As Apple's shows it: only how many values it has gathered.
                reflectedChildren: { ["count": $0.count] }
            )
        }
    }

    /// Publishes its upstream's values in arrays of a fixed size, and what is left when the upstream finishes.
    ///
    /// A request for `n` arrays asks the upstream for `n * count` values. A failure discards the values
    /// gathered towards an unfinished array.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == [Upstream.Output] {
            precondition(count > 0, "collect(_:) needs a count of at least one, not \(count)")
            upstream.subscribe(Batcher(count: count, downstream: subscriber))
        }
    }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {
    public static func == (lhs: Publishers.Collect<Upstream>, rhs: Publishers.Collect<Upstream>) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {
    public static func == (
        lhs: Publishers.CollectByCount<Upstream>,
        rhs: Publishers.CollectByCount<Upstream>
    ) -> Bool {
        lhs.upstream == rhs.upstream && lhs.count == rhs.count
    }
}

extension Publishers.CollectByCount {
    /// Fills one array at a time and sends it when full; the downstream sees it as its subscription.
    /// Its mirror shows what Apple's does: the downstream, the upstream subscription, the batch and the
    /// count.
    private final class Batcher<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let lock = Lock()
        private let count: Int
        /// The downstream, held for this subscription's whole life as Apple's is: a subscriber that keeps
        /// its subscription after the stream ends, or after cancelling, keeps both alive until it lets go
        /// (`Sink` lets go as it ends).
        private let downstreamForLife: Downstream
        // Guarded by `lock`:
        private var upstream: Subscription?
        private var downstream: Downstream?
        private var isTerminated = false
        private var batch: [Input] = []

        init(count: Int, downstream: Downstream) {
            self.count = count
            self.downstream = downstream
            downstreamForLife = downstream
            batch.reserveCapacity(count)
        }

        deinit {
            lock.deallocate()
        }

        var description: String { "CollectByCount" }

        var playgroundDescription: Any { description }

        var customMirror: Mirror {
            lock.mirror(of: self) {
                [
                    "downstream": downstream as Any, "upstreamSubscription": upstream as Any, "buffer": batch,
                    "count": count,
                ]
            }
        }

        func receive(subscription: Subscription) {
            lock.lock()
            guard upstream == nil, !isTerminated, let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            upstream = subscription
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard !isTerminated, let downstream else {
                lock.unlock()
                return .none
            }
            batch.append(input)
            guard batch.count == count else {
                lock.unlock()
                return .none
            }
            let full = batch
            batch = []
            batch.reserveCapacity(count)
            lock.unlock()
            return downstream.receive(full) * count
        }

        /// As Apple's does, passes on every completion the upstream sends, even before the subscription,
        /// after a cancel or after an earlier completion; only the first while the stream is open sends
        /// the unfinished array and ends the stream.
        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let isOpen = upstream != nil && !isTerminated
            let rest = isOpen ? batch : []
            if isOpen { terminate() }
            lock.unlock()
            // Values arrive only against demand for whole arrays, so an unfinished array was asked for.
            if case .finished = completion, !rest.isEmpty {
                _ = downstreamForLife.receive(rest)
            }
            downstreamForLife.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            precondition(demand > .none, "A subscriber requested no values; demand must be positive")
            lock.lock()
            let upstream = isTerminated ? nil : self.upstream
            lock.unlock()
            upstream?.request(demand * count)
        }

        func cancel() {
            lock.lock()
            let upstream = isTerminated ? nil : self.upstream
            let released = downstream
            terminate()
            lock.unlock()
            upstream?.cancel()
            withExtendedLifetime(released) {}
        }

        /// Ends the subscription for good; called with the lock held.
        private func terminate() {
            isTerminated = true
            upstream = nil
            downstream = nil
            batch = []
        }
    }
}
