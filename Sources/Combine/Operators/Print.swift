extension Publisher {
    /// Logs every event, one line each, to `stream` or to standard output, each line starting with
    /// `prefix` and a colon when a prefix is given.
    public func print(_ prefix: String = "", to stream: TextOutputStream? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

extension Publishers {
    /// Republishes its upstream unchanged, writing a line for each subscription, value, completion,
    /// request and cancel in the same words Apple's `print` uses.
    public struct Print<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let prefix: String
        public let upstream: Upstream
        public let stream: TextOutputStream?

        public init(upstream: Upstream, prefix: String, to stream: TextOutputStream? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, stream: stream))
        }
    }
}

extension Publishers.Print {
    /// Logs and relays each event; it keeps no other state, so (as Apple's does) it passes on whatever
    /// the upstream sends, except that a subscription coming after the first, or after the end, is logged
    /// and cancelled. Lines are written under a lock, so concurrent events never interleave.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, ReflectsNoChildren
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let linePrefix: String
        private let lock = Lock()
        /// This subscription's own copy of the stream, as every write mutates it.
        @exclusivity(unchecked) private var stream: TextOutputStream?
        @exclusivity(unchecked) private var slot = SubscriptionSlot.awaiting

        init(downstream: Downstream, prefix: String, stream: TextOutputStream?) {
            self.downstream = downstream
            self.linePrefix = prefix.isEmpty ? "" : prefix + ": "
            self.stream = stream
        }

        deinit {
            lock.deallocate()
        }

        var description: String { "Print" }

        func receive(subscription: Subscription) {
            log("receive subscription: (\(subscription))")
            guard lock.withLock({ slot.accept(subscription) }) else {
                subscription.cancel()
                return
            }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            log("receive value: (\(input))")
            let additional = downstream.receive(input)
            if additional > .none {
                log("request \(describe(additional)) (synchronous)")
            }
            return additional
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished:
                log("receive finished")
            case .failure(let error):
                log("receive error: (\(error))")
            }
            let released = lock.withLock { slot.finish() }
            downstream.receive(completion: completion)
            withExtendedLifetime(released) {}
        }

        func request(_ demand: Subscribers.Demand) {
            log("request \(describe(demand))")
            let current = lock.withLock { () -> Subscription? in
                if case .holding(let subscription) = slot { return subscription }
                return nil
            }
            current?.request(demand)
        }

        func cancel() {
            log("receive cancel")
            // A cancel before the subscription has come is ignored, as with Apple's.
            let current = lock.withLock { () -> Subscription? in
                guard case .holding = slot else { return nil }
                return slot.finish()
            }
            current?.cancel()
        }

        private func describe(_ demand: Subscribers.Demand) -> String {
            demand.max.map { "max: (\($0))" } ?? "unlimited"
        }

        private func log(_ message: String) {
            let line = linePrefix + message
            lock.lock()
            defer { lock.unlock() }
            if stream != nil {
                // The three writes Swift's own `print(_:to:)` makes for one item, as Apple's print
                // makes them: an empty separator piece, the line, the newline.
                stream?.write("")
                stream?.write(line)
                stream?.write("\n")
            } else {
                Swift.print(line)
            }
        }
    }
}
