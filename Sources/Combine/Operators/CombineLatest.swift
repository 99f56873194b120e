extension Publisher {
    /// Publishes a tuple of the latest value of each upstream whenever any of them sends one, once all have sent one.
    public func combineLatest<P>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P: Publisher, Self.Failure == P.Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Like `combineLatest(_:)`, passing each tuple through `transform`.
    public func combineLatest<P, T>(
        _ other: P, _ transform: @escaping (Self.Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T>
    where P: Publisher, Self.Failure == P.Failure {
        Publishers.CombineLatest(self, other).map { transform($0.0, $0.1) }
    }

    /// `combineLatest` with 2 other publishers.
    public func combineLatest<P, Q>(_ publisher1: P, _ publisher2: Q) -> Publishers.CombineLatest3<Self, P, Q>
    where P: Publisher, Q: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Like `combineLatest` with 2 others, passing each tuple through `transform`.
    public func combineLatest<P, Q, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Self.Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
    where P: Publisher, Q: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2).map { transform($0.0, $0.1, $0.2) }
    }

    /// `combineLatest` with 3 other publishers.
    public func combineLatest<P, Q, R>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R
    ) -> Publishers.CombineLatest4<Self, P, Q, R>
    where
        P: Publisher, Q: Publisher, R: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure,
        Q.Failure == R.Failure
    {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Like `combineLatest` with 3 others, passing each tuple through `transform`.
    public func combineLatest<P, Q, R, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Self.Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where
        P: Publisher, Q: Publisher, R: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure,
        Q.Failure == R.Failure
    {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map {
            transform($0.0, $0.1, $0.2, $0.3)
        }
    }
}

extension Publishers {
    /// Combines the latest values of two upstreams into a tuple whenever one of them sends a value.
    ///
    /// A tuple that finds no demand is dropped. The stream finishes once every upstream has finished, and
    /// fails with the first failure. The subscription describes itself as "CombineLatest" at every arity.
    public struct CombineLatest<A, B>: Publisher
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
            JoinRule.latest.join(a, b, for: subscriber)
        }
    }

    /// Combines the latest values of three upstreams into a tuple whenever one of them sends a value.
    public struct CombineLatest3<A, B, C>: Publisher
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
            JoinRule.latest.join(a, b, c, for: subscriber)
        }
    }

    /// Combines the latest values of four upstreams into a tuple whenever one of them sends a value.
    public struct CombineLatest4<A, B, C, D>: Publisher
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
            JoinRule.latest.join(a, b, c, d, for: subscriber)
        }
    }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {
    public static func == (lhs: Publishers.CombineLatest<A, B>, rhs: Publishers.CombineLatest<A, B>) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    public static func == (
        lhs: Publishers.CombineLatest3<A, B, C>,
        rhs: Publishers.CombineLatest3<A, B, C>
    ) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    public static func == (
        lhs: Publishers.CombineLatest4<A, B, C, D>,
        rhs: Publishers.CombineLatest4<A, B, C, D>
    ) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}
