extension Publisher {
    /// Interleaves this publisher's values with `other`'s, finishing when both have finished.
    public func merge<P>(with other: P) -> Publishers.Merge<Self, P>
    where P: Publisher, Self.Failure == P.Failure, Self.Output == P.Output {
        Publishers.Merge(self, other)
    }

    /// Interleaves this publisher's values with those of 2 others, finishing when all have finished.
    public func merge<B, C>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where
        B: Publisher, C: Publisher, Self.Failure == B.Failure, Self.Output == B.Output,
        B.Failure == C.Failure, B.Output == C.Output
    {
        Publishers.Merge3(self, b, c)
    }

    /// Interleaves this publisher's values with those of 3 others, finishing when all have finished.
    public func merge<B, C, D>(with b: B, _ c: C, _ d: D) -> Publishers.Merge4<Self, B, C, D>
    where
        B: Publisher, C: Publisher, D: Publisher, Self.Failure == B.Failure, Self.Output == B.Output,
        B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure, C.Output == D.Output
    {
        Publishers.Merge4(self, b, c, d)
    }

    /// Interleaves this publisher's values with those of 4 others, finishing when all have finished.
    public func merge<B, C, D, E>(with b: B, _ c: C, _ d: D, _ e: E) -> Publishers.Merge5<Self, B, C, D, E>
    where
        B: Publisher, C: Publisher, D: Publisher, E: Publisher, Self.Failure == B.Failure,
        Self.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure,
        C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output
    {
        Publishers.Merge5(self, b, c, d, e)
    }

    /// Interleaves this publisher's values with those of 5 others, finishing when all have finished.
    public func merge<B, C, D, E, F>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Publishers.Merge6<Self, B, C, D, E, F>
    where
        B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, Self.Failure == B.Failure,
        Self.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure,
        C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output, E.Failure == F.Failure,
        E.Output == F.Output
    {
        Publishers.Merge6(self, b, c, d, e, f)
    }

    /// Interleaves this publisher's values with those of 6 others, finishing when all have finished.
    public func merge<B, C, D, E, F, G>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
    where
        B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher,
        Self.Failure == B.Failure, Self.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output,
        C.Failure == D.Failure, C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output,
        E.Failure == F.Failure, E.Output == F.Output, F.Failure == G.Failure, F.Output == G.Output
    {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }

    /// Interleaves this publisher's values with those of 7 others, finishing when all have finished.
    public func merge<B, C, D, E, F, G, H>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where
        B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher,
        Self.Failure == B.Failure, Self.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output,
        C.Failure == D.Failure, C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output,
        E.Failure == F.Failure, E.Output == F.Output, F.Failure == G.Failure, F.Output == G.Output,
        G.Failure == H.Failure, G.Output == H.Output
    {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }

    /// Interleaves this publisher's values with those of another publisher of the same type.
    public func merge(with other: Self) -> Publishers.MergeMany<Self> {
        Publishers.MergeMany(self, other)
    }
}

extension Publishers {
    /// Interleaves the values of two upstreams of the same output and failure types.
    ///
    /// The downstream's subscription describes itself as "Merge", whatever the number of upstreams.
    public struct Merge<A, B>: Publisher
    where A: Publisher, B: Publisher, A.Failure == B.Failure, A.Output == B.Output {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, B.Failure == S.Failure, B.Output == S.Input {
            let merger = MergeSubscription(sourceCount: 2, downstream: subscriber)
            merger.start()
            a.subscribe(merger.source(0))
            b.subscribe(merger.source(1))
        }

        /// This merge with one more upstream, as one `Merge3`.
        public func merge<P>(with other: P) -> Publishers.Merge3<A, B, P>
        where P: Publisher, B.Failure == P.Failure, B.Output == P.Output {
            Publishers.Merge3(a, b, other)
        }

        /// This merge with 2 more upstreams, as one `Merge4`.
        public func merge<Z, Y>(with z: Z, _ y: Y) -> Publishers.Merge4<A, B, Z, Y>
        where
            Z: Publisher, Y: Publisher, B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure,
            Z.Output == Y.Output
        {
            Publishers.Merge4(a, b, z, y)
        }

        /// This merge with 3 more upstreams, as one `Merge5`.
        public func merge<Z, Y, X>(with z: Z, _ y: Y, _ x: X) -> Publishers.Merge5<A, B, Z, Y, X>
        where
            Z: Publisher, Y: Publisher, X: Publisher, B.Failure == Z.Failure, B.Output == Z.Output,
            Z.Failure == Y.Failure, Z.Output == Y.Output, Y.Failure == X.Failure, Y.Output == X.Output
        {
            Publishers.Merge5(a, b, z, y, x)
        }

        /// This merge with 4 more upstreams, as one `Merge6`.
        public func merge<Z, Y, X, W>(
            with z: Z, _ y: Y, _ x: X, _ w: W
        ) -> Publishers.Merge6<A, B, Z, Y, X, W>
        where
            Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, B.Failure == Z.Failure,
            B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output, Y.Failure == X.Failure,
            Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output
        {
            Publishers.Merge6(a, b, z, y, x, w)
        }

        /// This merge with 5 more upstreams, as one `Merge7`.
        public func merge<Z, Y, X, W, V>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
        ) -> Publishers.Merge7<A, B, Z, Y, X, W, V>
        where
            Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, B.Failure == Z.Failure,
            B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output, Y.Failure == X.Failure,
            Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output, W.Failure == V.Failure,
            W.Output == V.Output
        {
            Publishers.Merge7(a, b, z, y, x, w, v)
        }

        /// This merge with 6 more upstreams, as one `Merge8`.
        public func merge<Z, Y, X, W, V, U>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V, _ u: U
        ) -> Publishers.Merge8<A, B, Z, Y, X, W, V, U>
        where
            Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, U: Publisher,
            B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
            Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output,
            W.Failure == V.Failure, W.Output == V.Output, V.Failure == U.Failure, V.Output == U.Output
        {
            Publishers.Merge8(a, b, z, y, x, w, v, u)
        }
    }

    /// Interleaves the values of 3 upstreams of the same output and failure types.
    public struct Merge3<A, B, C>: Publisher
    where
        A: Publisher, B: Publisher, C: Publisher, A.Failure == B.Failure, A.Output == B.Output,
        B.Failure == C.Failure, B.Output == C.Output
    {
        public typealias Output = A.Output
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
        where S: Subscriber, C.Failure == S.Failure, C.Output == S.Input {
            let merger = MergeSubscription(sourceCount: 3, downstream: subscriber)
            merger.start()
            a.subscribe(merger.source(0))
            b.subscribe(merger.source(1))
            c.subscribe(merger.source(2))
        }

        /// This merge with one more upstream, as one `Merge4`.
        public func merge<P>(with other: P) -> Publishers.Merge4<A, B, C, P>
        where P: Publisher, C.Failure == P.Failure, C.Output == P.Output {
            Publishers.Merge4(a, b, c, other)
        }

        /// This merge with 2 more upstreams, as one `Merge5`.
        public func merge<Z, Y>(with z: Z, _ y: Y) -> Publishers.Merge5<A, B, C, Z, Y>
        where
            Z: Publisher, Y: Publisher, C.Failure == Z.Failure, C.Output == Z.Output, Z.Failure == Y.Failure,
            Z.Output == Y.Output
        {
            Publishers.Merge5(a, b, c, z, y)
        }

        /// This merge with 3 more upstreams, as one `Merge6`.
        public func merge<Z, Y, X>(with z: Z, _ y: Y, _ x: X) -> Publishers.Merge6<A, B, C, Z, Y, X>
        where
            Z: Publisher, Y: Publisher, X: Publisher, C.Failure == Z.Failure, C.Output == Z.Output,
            Z.Failure == Y.Failure, Z.Output == Y.Output, Y.Failure == X.Failure, Y.Output == X.Output
        {
            Publishers.Merge6(a, b, c, z, y, x)
        }

        /// This merge with 4 more upstreams, as one `Merge7`.
        public func merge<Z, Y, X, W>(
            with z: Z, _ y: Y, _ x: X, _ w: W
        ) -> Publishers.Merge7<A, B, C, Z, Y, X, W>
        where
            Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, C.Failure == Z.Failure,
            C.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output, Y.Failure == X.Failure,
            Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output
        {
            Publishers.Merge7(a, b, c, z, y, x, w)
        }

        /// This merge with 5 more upstreams, as one `Merge8`.
        public func merge<Z, Y, X, W, V>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
        ) -> Publishers.Merge8<A, B, C, Z, Y, X, W, V>
        where
            Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, C.Failure == Z.Failure,
            C.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output, Y.Failure == X.Failure,
            Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output, W.Failure == V.Failure,
            W.Output == V.Output
        {
            Publishers.Merge8(a, b, c, z, y, x, w, v)
        }
    }

    /// Interleaves the values of 4 upstreams of the same output and failure types.
    public struct Merge4<A, B, C, D>: Publisher
    where
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, A.Failure == B.Failure, A.Output == B.Output,
        B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure, C.Output == D.Output
    {
        public typealias Output = A.Output
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
        where S: Subscriber, D.Failure == S.Failure, D.Output == S.Input {
            let merger = MergeSubscription(sourceCount: 4, downstream: subscriber)
            merger.start()
            a.subscribe(merger.source(0))
            b.subscribe(merger.source(1))
            c.subscribe(merger.source(2))
            d.subscribe(merger.source(3))
        }

        /// This merge with one more upstream, as one `Merge5`.
        public func merge<P>(with other: P) -> Publishers.Merge5<A, B, C, D, P>
        where P: Publisher, D.Failure == P.Failure, D.Output == P.Output {
            Publishers.Merge5(a, b, c, d, other)
        }

        /// This merge with 2 more upstreams, as one `Merge6`.
        public func merge<Z, Y>(with z: Z, _ y: Y) -> Publishers.Merge6<A, B, C, D, Z, Y>
        where
            Z: Publisher, Y: Publisher, D.Failure == Z.Failure, D.Output == Z.Output, Z.Failure == Y.Failure,
            Z.Output == Y.Output
        {
            Publishers.Merge6(a, b, c, d, z, y)
        }

        /// This merge with 3 more upstreams, as one `Merge7`.
        public func merge<Z, Y, X>(with z: Z, _ y: Y, _ x: X) -> Publishers.Merge7<A, B, C, D, Z, Y, X>
        where
            Z: Publisher, Y: Publisher, X: Publisher, D.Failure == Z.Failure, D.Output == Z.Output,
            Z.Failure == Y.Failure, Z.Output == Y.Output, Y.Failure == X.Failure, Y.Output == X.Output
        {
            Publishers.Merge7(a, b, c, d, z, y, x)
        }

        /// This merge with 4 more upstreams, as one `Merge8`.
        public func merge<Z, Y, X, W>(
            with z: Z, _ y: Y, _ x: X, _ w: W
        ) -> Publishers.Merge8<A, B, C, D, Z, Y, X, W>
        where
            Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, D.Failure == Z.Failure,
            D.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output, Y.Failure == X.Failure,
            Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output
        {
            Publishers.Merge8(a, b, c, d, z, y, x, w)
        }
    }

    /// Interleaves the values of 5 upstreams of the same output and failure types.
    public struct Merge5<A, B, C, D, E>: Publisher
    where
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, A.Failure == B.Failure,
        A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure,
        C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, E.Failure == S.Failure, E.Output == S.Input {
            let merger = MergeSubscription(sourceCount: 5, downstream: subscriber)
            merger.start()
            a.subscribe(merger.source(0))
            b.subscribe(merger.source(1))
            c.subscribe(merger.source(2))
            d.subscribe(merger.source(3))
            e.subscribe(merger.source(4))
        }

        /// This merge with one more upstream, as one `Merge6`.
        public func merge<P>(with other: P) -> Publishers.Merge6<A, B, C, D, E, P>
        where P: Publisher, E.Failure == P.Failure, E.Output == P.Output {
            Publishers.Merge6(a, b, c, d, e, other)
        }

        /// This merge with 2 more upstreams, as one `Merge7`.
        public func merge<Z, Y>(with z: Z, _ y: Y) -> Publishers.Merge7<A, B, C, D, E, Z, Y>
        where
            Z: Publisher, Y: Publisher, E.Failure == Z.Failure, E.Output == Z.Output, Z.Failure == Y.Failure,
            Z.Output == Y.Output
        {
            Publishers.Merge7(a, b, c, d, e, z, y)
        }

        /// This merge with 3 more upstreams, as one `Merge8`.
        public func merge<Z, Y, X>(with z: Z, _ y: Y, _ x: X) -> Publishers.Merge8<A, B, C, D, E, Z, Y, X>
        where
            Z: Publisher, Y: Publisher, X: Publisher, E.Failure == Z.Failure, E.Output == Z.Output,
            Z.Failure == Y.Failure, Z.Output == Y.Output, Y.Failure == X.Failure, Y.Output == X.Output
        {
            Publishers.Merge8(a, b, c, d, e, z, y, x)
        }
    }

    /// Interleaves the values of 6 upstreams of the same output and failure types.
    public struct Merge6<A, B, C, D, E, F>: Publisher
    where
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher,
        A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output,
        C.Failure == D.Failure, C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output,
        E.Failure == F.Failure, E.Output == F.Output
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, F.Failure == S.Failure, F.Output == S.Input {
            let merger = MergeSubscription(sourceCount: 6, downstream: subscriber)
            merger.start()
            a.subscribe(merger.source(0))
            b.subscribe(merger.source(1))
            c.subscribe(merger.source(2))
            d.subscribe(merger.source(3))
            e.subscribe(merger.source(4))
            f.subscribe(merger.source(5))
        }

        /// This merge with one more upstream, as one `Merge7`.
        public func merge<P>(with other: P) -> Publishers.Merge7<A, B, C, D, E, F, P>
        where P: Publisher, F.Failure == P.Failure, F.Output == P.Output {
            Publishers.Merge7(a, b, c, d, e, f, other)
        }

        /// This merge with 2 more upstreams, as one `Merge8`.
        public func merge<Z, Y>(with z: Z, _ y: Y) -> Publishers.Merge8<A, B, C, D, E, F, Z, Y>
        where
            Z: Publisher, Y: Publisher, F.Failure == Z.Failure, F.Output == Z.Output, Z.Failure == Y.Failure,
            Z.Output == Y.Output
        {
            Publishers.Merge8(a, b, c, d, e, f, z, y)
        }
    }

    /// Interleaves the values of 7 upstreams of the same output and failure types.
    public struct Merge7<A, B, C, D, E, F, G>: Publisher
    where
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher,
        A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output,
        C.Failure == D.Failure, C.Output == D.Output, D.Failure == E.Failure, D.Output == E.Output,
        E.Failure == F.Failure, E.Output == F.Output, F.Failure == G.Failure, F.Output == G.Output
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F
        public let g: G

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, G.Failure == S.Failure, G.Output == S.Input {
            let merger = MergeSubscription(sourceCount: 7, downstream: subscriber)
            merger.start()
            a.subscribe(merger.source(0))
            b.subscribe(merger.source(1))
            c.subscribe(merger.source(2))
            d.subscribe(merger.source(3))
            e.subscribe(merger.source(4))
            f.subscribe(merger.source(5))
            g.subscribe(merger.source(6))
        }

        /// This merge with one more upstream, as one `Merge8`.
        public func merge<P>(with other: P) -> Publishers.Merge8<A, B, C, D, E, F, G, P>
        where P: Publisher, G.Failure == P.Failure, G.Output == P.Output {
            Publishers.Merge8(a, b, c, d, e, f, g, other)
        }
    }

    /// Interleaves the values of 8 upstreams of the same output and failure types.
    public struct Merge8<A, B, C, D, E, F, G, H>: Publisher
    where
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher,
        H: Publisher, A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure,
        B.Output == C.Output, C.Failure == D.Failure, C.Output == D.Output, D.Failure == E.Failure,
        D.Output == E.Output, E.Failure == F.Failure, E.Output == F.Output, F.Failure == G.Failure,
        F.Output == G.Output, G.Failure == H.Failure, G.Output == H.Output
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F
        public let g: G
        public let h: H

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        public func receive<S>(subscriber: S)
        where S: Subscriber, H.Failure == S.Failure, H.Output == S.Input {
            let merger = MergeSubscription(sourceCount: 8, downstream: subscriber)
            merger.start()
            a.subscribe(merger.source(0))
            b.subscribe(merger.source(1))
            c.subscribe(merger.source(2))
            d.subscribe(merger.source(3))
            e.subscribe(merger.source(4))
            f.subscribe(merger.source(5))
            g.subscribe(merger.source(6))
            h.subscribe(merger.source(7))
        }
    }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {
    public static func == (lhs: Publishers.Merge<A, B>, rhs: Publishers.Merge<A, B>) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    public static func == (lhs: Publishers.Merge3<A, B, C>, rhs: Publishers.Merge3<A, B, C>) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    public static func == (lhs: Publishers.Merge4<A, B, C, D>, rhs: Publishers.Merge4<A, B, C, D>) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}

extension Publishers.Merge5: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {
    public static func == (
        lhs: Publishers.Merge5<A, B, C, D, E>,
        rhs: Publishers.Merge5<A, B, C, D, E>
    ) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e
    }
}

extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {
    public static func == (
        lhs: Publishers.Merge6<A, B, C, D, E, F>,
        rhs: Publishers.Merge6<A, B, C, D, E, F>
    ) -> Bool {
        lhs.a == rhs.a
            && lhs.b == rhs.b
            && lhs.c == rhs.c
            && lhs.d == rhs.d
            && lhs.e == rhs.e
            && lhs.f == rhs.f
    }
}

extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {
    public static func == (
        lhs: Publishers.Merge7<A, B, C, D, E, F, G>,
        rhs: Publishers.Merge7<A, B, C, D, E, F, G>
    ) -> Bool {
        lhs.a == rhs.a
            && lhs.b == rhs.b
            && lhs.c == rhs.c
            && lhs.d == rhs.d
            && lhs.e == rhs.e
            && lhs.f == rhs.f
            && lhs.g == rhs.g
    }
}

extension Publishers.Merge8: Equatable
where
    A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable,
    H: Equatable
{
    public static func == (
        lhs: Publishers.Merge8<A, B, C, D, E, F, G, H>,
        rhs: Publishers.Merge8<A, B, C, D, E, F, G, H>
    ) -> Bool {
        lhs.a == rhs.a
            && lhs.b == rhs.b
            && lhs.c == rhs.c
            && lhs.d == rhs.d
            && lhs.e == rhs.e
            && lhs.f == rhs.f
            && lhs.g == rhs.g
            && lhs.h == rhs.h
    }
}
