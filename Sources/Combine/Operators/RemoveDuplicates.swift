extension Publisher where Self.Output: Equatable {
    /// Leaves out each value equal to the last value passed on.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        removeDuplicates(by: ==)
    }
}

extension Publisher {
    /// Leaves out each value that `predicate` calls a duplicate of the last value passed on.
    public func removeDuplicates(
        by predicate: @escaping (Self.Output, Self.Output) -> Bool
    ) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }

    /// Like `removeDuplicates(by:)`, with a predicate that may throw; the error cancels the upstream and
    /// ends the stream with it.
    public func tryRemoveDuplicates(
        by predicate: @escaping (Self.Output, Self.Output) throws -> Bool
    ) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// Republishes a value of its upstream only if it is not a duplicate of the last one republished.
    ///
    /// A left-out value is replaced by asking the upstream for one more.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate:
            (Publishers.RemoveDuplicates<Upstream>.Output, Publishers.RemoveDuplicates<Upstream>.Output) ->
                Bool

        public init(
            upstream: Upstream,
            predicate:
                @escaping (
                    Publishers.RemoveDuplicates<Upstream>.Output, Publishers.RemoveDuplicates<Upstream>.Output
                ) -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let isDuplicate = predicate
            var previous: Output?
            upstream.subscribeGated(
                subscriber, named: "RemoveDuplicates", trapsOutOfOrder: true,
                mirror: .downstream { [("last", previous as Any)] }
            ) { value in
                if let previous, isDuplicate(previous, value) { return .skip }
                previous = value
                return .pass(value)
            }
        }
    }

    /// Republishes a value of its upstream only if a predicate that may throw does not call it a duplicate.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate:
            (Publishers.TryRemoveDuplicates<Upstream>.Output, Publishers.TryRemoveDuplicates<Upstream>.Output)
                throws
                -> Bool

        public init(
            upstream: Upstream,
            predicate:
                @escaping (
                    Publishers.TryRemoveDuplicates<Upstream>.Output,
                    Publishers.TryRemoveDuplicates<Upstream>.Output
                ) throws -> Bool
        ) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, Upstream.Output == S.Input, S.Failure == Error {
            let isDuplicate = predicate
            var previous: Output?
            upstream.subscribeGated(
                subscriber, named: "TryRemoveDuplicates", trapsOutOfOrder: true,
                mirror: .downstream { [("last", previous as Any)] }
            ) { value in
                if let previous, try isDuplicate(previous, value) { return .skip }
                previous = value
                return .pass(value)
            }
        }
    }
}
