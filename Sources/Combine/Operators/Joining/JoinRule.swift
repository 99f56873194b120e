/// How a join pairs up the values of its upstreams: the one difference between `combineLatest` and
/// `zip`, whose publishers at every arity subscribe through `join` below.
internal enum JoinRule {
    /// `combineLatest`: every new value is combined with the latest value of each other upstream, once all
    /// have sent one. A combination that finds no demand is dropped. Finishes when all upstreams have.
    case latest
    /// `zip`: the n-th values of all upstreams are combined; values wait until their partners arrive and
    /// the downstream asks. Finishes as soon as an upstream has finished with none of its values left.
    case pairwise

    /// What the subscription calls itself, as Apple's does, whatever the number of upstreams.
    var subscriptionName: String {
        switch self {
        case .latest: "CombineLatest"
        case .pairwise: "Zip"
        }
    }
}

/// A join's subscription, once for each number of upstreams: a side for every upstream, the
/// subscription handed to the subscriber, then the upstreams subscribed in their order.
extension JoinRule {
    /// Joins `a` and `b` into pairs for `subscriber`.
    func join<A, B, S>(_ a: A, _ b: B, for subscriber: S)
    where
        A: Publisher, B: Publisher, S: Subscriber, A.Failure == S.Failure, B.Failure == S.Failure,
        S.Input == (A.Output, B.Output)
    {
        let join = JoinSubscription(self, downstream: subscriber)
        let sideA = join.side(for: A.Output.self)
        let sideB = join.side(for: B.Output.self)
        join.start { (sideA.take(), sideB.take()) }
        a.subscribe(sideA)
        b.subscribe(sideB)
    }

    /// Joins `a`, `b` and `c` into triples for `subscriber`.
    func join<A, B, C, S>(_ a: A, _ b: B, _ c: C, for subscriber: S)
    where
        A: Publisher, B: Publisher, C: Publisher, S: Subscriber, A.Failure == S.Failure,
        B.Failure == S.Failure, C.Failure == S.Failure, S.Input == (A.Output, B.Output, C.Output)
    {
        let join = JoinSubscription(self, downstream: subscriber)
        let sideA = join.side(for: A.Output.self)
        let sideB = join.side(for: B.Output.self)
        let sideC = join.side(for: C.Output.self)
        join.start { (sideA.take(), sideB.take(), sideC.take()) }
        a.subscribe(sideA)
        b.subscribe(sideB)
        c.subscribe(sideC)
    }

    /// Joins `a`, `b`, `c` and `d` into quadruples for `subscriber`.
    func join<A, B, C, D, S>(_ a: A, _ b: B, _ c: C, _ d: D, for subscriber: S)
    where
        A: Publisher, B: Publisher, C: Publisher, D: Publisher, S: Subscriber, A.Failure == S.Failure,
        B.Failure == S.Failure, C.Failure == S.Failure, D.Failure == S.Failure,
        S.Input == (A.Output, B.Output, C.Output, D.Output)
    {
        let join = JoinSubscription(self, downstream: subscriber)
        let sideA = join.side(for: A.Output.self)
        let sideB = join.side(for: B.Output.self)
        let sideC = join.side(for: C.Output.self)
        let sideD = join.side(for: D.Output.self)
        join.start { (sideA.take(), sideB.take(), sideC.take(), sideD.take()) }
        a.subscribe(sideA)
        b.subscribe(sideB)
        c.subscribe(sideC)
        d.subscribe(sideD)
    }
}
