extension Publisher {
    /// Publishes the upstream's last value once it finishes.
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Publishes the last value that satisfies `predicate` once the upstream finishes.
    public func last(where predicate: @escaping (Self.Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }

    /// Publishes the last value that satisfies `predicate` once the upstream finishes; an error it throws
    /// cancels the upstream and ends the stream with that error.
    public func tryLast(
        where predicate: @escaping (Self.Output) throws -> Bool
    ) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// Publishes only the last value of its upstream, after the upstream finishes.
    public struct Last<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribePicking(.last, named: "Last", matching: { _ in true }, for: subscriber)
        }
    }

    /// Publishes the last value of its upstream that satisfies a predicate, after the upstream finishes.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Publishers.LastWhere<Upstream>.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Publishers.LastWhere<Upstream>.Output) -> Bool)
        {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribePicking(.last, named: "LastWhere", matching: predicate, for: subscriber)
        }
    }

    /// Publishes the last value of its upstream that satisfies a predicate that may throw.
    public struct TryLastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Publishers.TryLastWhere<Upstream>.Output) throws -> Bool

        public init(
            upstream: Upstream, predicate: @escaping (Publishers.TryLastWhere<Upstream>.Output) throws -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Output == S.Input, S.Failure == Error {
            upstream.subscribePicking(.last, named: "TryLastWhere", tryMatching: predicate, for: subscriber)
        }
    }
}

extension Publishers.Last: Equatable where Upstream: Equatable {
    public static func == (lhs: Publishers.Last<Upstream>, rhs: Publishers.Last<Upstream>) -> Bool {
        lhs.upstream == rhs.upstream
    }
}
