extension Publisher {
    /// Passes on values while `predicate` holds; the first value that fails it finishes the stream and
    /// cancels the upstream.
    public func prefix(while predicate: @escaping (Self.Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// Like `prefix(while:)`, with a predicate that may throw; the error cancels the upstream and ends the
    /// stream with it.
    public func tryPrefix(
        while predicate: @escaping (Self.Output) throws -> Bool
    ) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// Republishes its upstream's values until one fails a predicate, then finishes.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Publishers.PrefixWhile<Upstream>.Output) -> Bool

        public init(
            upstream: Upstream, predicate: @escaping (Publishers.PrefixWhile<Upstream>.Output) -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let predicate = self.predicate
            upstream.subscribeGated(
                subscriber, named: "PrefixWhile", trapsOutOfOrder: true, mirror: .downstream { [] }
            ) { value in
                predicate(value) ? .pass(value) : .finish
            }
        }
    }

    /// Republishes its upstream's values until one fails a predicate that may throw, then finishes.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Publishers.TryPrefixWhile<Upstream>.Output) throws -> Bool

        public init(
            upstream: Upstream,
            predicate: @escaping (Publishers.TryPrefixWhile<Upstream>.Output) throws -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Output == S.Input, S.Failure == Error {
            let predicate = self.predicate
            upstream.subscribeGated(
                subscriber, named: "TryPrefixWhile", trapsOutOfOrder: true, mirror: .downstream { [] }
            ) { value in
                try predicate(value) ? .pass(value) : .finish
            }
        }
    }
}
