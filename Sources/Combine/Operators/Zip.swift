extension Publisher {
    /// Publishes tuples of the upstreams' values paired in order: the first values together, then the second, and so on.
    public func zip<P>(_ other: P) -> Publishers.Zip<Self, P>
    where P: Publisher, Self.Failure == P.Failure {
        Publishers.Zip(self, other)
    }

    /// Like `zip(_:)`, passing each tuple through `transform`.
    public func zip<P, T>(
        _ other: P, _ transform: @escaping (Self.Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, P>, T>
    where P: Publisher, Self.Failure == P.Failure {
        Publishers.Zip(self, other).map { transform($0.0, $0.1) }
    }

    /// `zip` with 2 other publishers.
    public func zip<P, Q>(_ publisher1: P, _ publisher2: Q) -> Publishers.Zip3<Self, P, Q>
    where P: Publisher, Q: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.Zip3(self, publisher1, publisher2)
    }

    /// Like `zip` with 2 others, passing each tuple through `transform`.
    public func zip<P, Q, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Self.Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T>
    where P: Publisher, Q: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.Zip3(self, publisher1, publisher2).map { transform($0.0, $0.1, $0.2) }
    }

    /// `zip` with 3 other publishers.
    public func zip<P, Q, R>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R
    ) -> Publishers.Zip4<Self, P, Q, R>
    where
        P: Publisher, Q: Publisher, R: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure,
        Q.Failure == R.Failure
    {
        Publishers.Zip4(self, publisher1, publisher2, publisher3)
    }

    /// Like `zip` with 3 others, passing each tuple through `transform`.
    public func zip<P, Q, R, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Self.Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
    where
        P: Publisher, Q: Publisher, R: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure,
        Q.Failure == R.Failure
    {
        Publishers.Zip4(self, publisher1, publisher2, publisher3).map { transform($0.0, $0.1, $0.2, $0.3) }
    }
}

extension Publishers {
    /// Pairs the values of two upstreams in order into tuples.
    ///
    /// Values wait for their partners and for demand. The stream finishes as soon as an upstream has
    /// finished and none of its values is left to pair (cancelling the others), and fails with the first
    /// failure. The subscription describes itself as "Zip" at every arity.
    public struct Zip<A, B>: Publisher
    where A: Publisher, B: Publisher, A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, B.Failure == S.Failure, S.Input == (A.Output, B.Output) {
            JoinRule.pairwise.join(a, b, for: subscriber)
        }
    }

    /// Pairs the values of three upstreams in order into tuples.
    public struct Zip3<A, B, C>: Publisher
    where A: Publisher, B: Publisher, C: Publisher, A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, C.Failure == S.Failure, S.Input == (A.Output, B.Output, C.Output) {
            JoinRule.pairwise.join(a, b, c, for: subscriber)
        }
    }

    /// Pairs the values of four upstreams in order into tuples.
    public struct Zip4<A, B, C, D>: Publisher
    where
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, A.Failure == B.Failure,
        B.Failure == C.Failure, C.Failure == D.Failure
    {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, D.Failure == S.Failure, S.Input == (A.Output, B.Output, C.Output, D.Output) {
            JoinRule.pairwise.join(a, b, c, d, for: subscriber)
        }
    }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {
    public static func == (lhs: Publishers.Zip<A, B>, rhs: Publishers.Zip<A, B>) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    public static func == (lhs: Publishers.Zip3<A, B, C>, rhs: Publishers.Zip3<A, B, C>) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    public static func == (lhs: Publishers.Zip4<A, B, C, D>, rhs: Publishers.Zip4<A, B, C, D>) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}
