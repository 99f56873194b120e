import Combine
import Testing

/// The cancel contract every operator keeps: a cancel from below reaches each upstream once, and
/// nothing the upstreams send afterwards, nor a request, gets through. Written once, over the
/// operators that keep it the same way.
@Suite struct OperatorsCancelContractTests {
    /// An operator over one upstream, and what its subscriber sees before the cancel.
    struct OneUpstream: CustomTestStringConvertible, Sendable {
        let testDescription: String
        /// What the subscriber asks for first, and what the operator then asks of its upstream.
        var initialDemand = Subscribers.Demand.unlimited
        var upstreamAsked = Subscribers.Demand.unlimited
        /// Sent before the cancel.
        var sentBefore: [Int] = []
        /// The subscriber's events, in order, as `describe` writes them.
        let seen: [String]
        let run: @Sendable (TestPublisher<Int, ProbeError>, Subscribers.Demand) -> Observed

        init<P: Publisher>(
            _ name: String, initialDemand: Subscribers.Demand = .unlimited,
            upstreamAsked: Subscribers.Demand = .unlimited, sentBefore: [Int] = [], seen: [String],
            _ apply: @escaping @Sendable (TestPublisher<Int, ProbeError>) -> P
        ) where P.Failure == ProbeError {
            testDescription = name
            self.initialDemand = initialDemand
            self.upstreamAsked = upstreamAsked
            self.sentBefore = sentBefore
            self.seen = seen
            run = { upstream, demand in
                let subscriber = TestSubscriber<P.Output, ProbeError>(initialDemand: demand)
                apply(upstream).subscribe(subscriber)
                return Observed(subscriber)
            }
        }
    }

    static let oneUpstream: [OneUpstream] = [
        OneUpstream("prefix(while:)", seen: ["subscription PrefixWhile"]) { $0.prefix(while: { _ in true }) },
        OneUpstream("contains", seen: ["subscription Contains"]) { $0.contains(5) },
        OneUpstream("last", sentBefore: [1], seen: ["subscription Last"]) { $0.last() },
        OneUpstream("drop(while:)", sentBefore: [1], seen: ["subscription DropWhile", "value 1"]) {
            $0.drop { _ in false }
        },
        OneUpstream("max", sentBefore: [1], seen: ["subscription Comparison"]) { $0.max() },
        OneUpstream(
            "buffer", initialDemand: .none, upstreamAsked: .max(4), sentBefore: [1],
            seen: ["subscription Buffer"]
        ) { $0.buffer(size: 4, prefetch: .keepFull, whenFull: .dropNewest) },
    ]

    @Test(arguments: oneUpstream)
    func cancelStopsTheUpstreamAndNothingArrivesAfterIt(_ operation: OneUpstream) {
        let upstream = TestPublisher<Int, ProbeError>()
        let observed = operation.run(upstream, operation.initialDemand)
        for value in operation.sentBefore { upstream.send(value) }

        observed.cancel()
        observed.cancel()
        observed.request(.max(1))
        upstream.send(5)
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(operation.upstreamAsked), .cancelled])
        #expect(observed.events() == operation.seen)
    }

    /// An operator that pairs two upstreams.
    struct TwoUpstreams: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let combine:
            @Sendable (TestPublisher<Int, ProbeError>, TestPublisher<Int, ProbeError>) -> AnyPublisher<
                (Int, Int), ProbeError
            >
    }

    static let twoUpstreams = [
        TwoUpstreams(testDescription: "combineLatest") { $0.combineLatest($1).eraseToAnyPublisher() },
        TwoUpstreams(testDescription: "zip") { $0.zip($1).eraseToAnyPublisher() },
    ]

    @Test(arguments: twoUpstreams)
    func cancelStopsEveryUpstreamAndNothingArrivesAfterIt(_ operation: TwoUpstreams) {
        let first = TestPublisher<Int, ProbeError>()
        let second = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<(Int, Int), ProbeError>()
        operation.combine(first, second).subscribe(subscriber)
        first.send(1)

        subscriber.cancel()
        second.send(2)
        second.send(completion: .finished)

        #expect(first.subscription?.isCancelled == true)
        #expect(second.subscription?.isCancelled == true)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty)
    }
}

/// A subscriber of any output, seen through what the contract needs of it.
struct Observed {
    let cancel: () -> Void
    let request: (Subscribers.Demand) -> Void
    /// Each event as a line: `subscription Name`, `value 1`, `completion finished`.
    let events: () -> [String]

    init<Input>(_ subscriber: TestSubscriber<Input, ProbeError>) {
        cancel = subscriber.cancel
        request = subscriber.request
        events = {
            subscriber.events.map { event in
                switch event {
                case .subscription(let description): "subscription \(description)"
                case .value(let value): "value \(value)"
                case .completion(let completion): "completion \(completion)"
                }
            }
        }
    }
}
