extension Publisher {
    /// Leaves out values while `predicate` holds, then passes on every value from the first that fails it.
    public func drop(while predicate: @escaping (Self.Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Like `drop(while:)`, with a predicate that may throw; the error cancels the upstream and ends the
    /// stream with it.
    public func tryDrop(
        while predicate: @escaping (Self.Output) throws -> Bool
    ) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// Leaves out its upstream's values until one fails a predicate; the predicate is not asked again.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Publishers.DropWhile<Upstream>.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Publishers.DropWhile<Upstream>.Output) -> Bool)
        {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let predicate = self.predicate
            var isDropping = true
            upstream.subscribeGated(subscriber, named: "DropWhile") { value in
                if isDropping {
                    guard !predicate(value) else { return .skip }
                    isDropping = false
                }
                return .pass(value)
            }
        }
    }

    /// Leaves out its upstream's values until one fails a predicate that may throw.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Publishers.TryDropWhile<Upstream>.Output) throws -> Bool

        public init(
            upstream: Upstream, predicate: @escaping (Publishers.TryDropWhile<Upstream>.Output) throws -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Output == S.Input, S.Failure == Error {
            let predicate = self.predicate
            var isDropping = true
            upstream.subscribeGated(subscriber, named: "TryDropWhile") { value in
                if isDropping {
                    guard try !predicate(value) else { return .skip }
                    isDropping = false
                }
                return .pass(value)
            }
        }
    }
}
