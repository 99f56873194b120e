extension Publisher where Self.Output: Equatable {
    /// Publishes `true` and finishes as soon as the upstream sends `output` (cancelling it), or `false`
    /// once the upstream finishes without it.
    public func contains(_ output: Self.Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher {
    /// Publishes `true` as soon as a value satisfies `predicate` (cancelling the upstream), or `false`
    /// once the upstream finishes without one.
    public func contains(where predicate: @escaping (Self.Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// Like `contains(where:)`, with a predicate that may throw; the error cancels the upstream and ends
    /// the stream with it.
    public func tryContains(
        where predicate: @escaping (Self.Output) throws -> Bool
    ) -> Publishers.TryContainsWhere<Self> {
        Publishers.TryContainsWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// Publishes whether its upstream sends a given value.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let output: Upstream.Output

        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Bool {
            let wanted = output
            upstream.subscribeReducing(
                subscriber,
                named: "Contains",
                initial: false,
                fold: { found, value in
                    found = value == wanted
                    return found
                },
                answer: { $0 }
            )
        }
    }

    /// Publishes whether any value of its upstream satisfies a predicate.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Bool {
            let predicate = self.predicate
            upstream.subscribeReducing(
                subscriber,
                named: "ContainsWhere",
                initial: false,
                fold: { found, value in
                    found = predicate(value)
                    return found
                },
                answer: { $0 }
            )
        }
    }

    /// Publishes whether any value of its upstream satisfies a predicate that may throw.
    public struct TryContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Error, S.Input == Bool {
            let predicate = self.predicate
            upstream.subscribeReducing(
                subscriber,
                named: "TryContainsWhere",
                initial: false,
                tryFold: { found, value in
                    found = try predicate(value)
                    return found
                },
                answer: { $0 }
            )
        }
    }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {
    public static func == (lhs: Publishers.Contains<Upstream>, rhs: Publishers.Contains<Upstream>) -> Bool {
        lhs.upstream == rhs.upstream && lhs.output == rhs.output
    }
}
