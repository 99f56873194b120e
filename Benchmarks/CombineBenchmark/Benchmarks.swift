import Combine

/// The hot paths a networking pipeline leans on, each with the per-operation time it should stay under.
///
/// Every body builds its pipeline, pushes `iterations` rounds of work through it and returns the sum
/// of what reached the sinks (kept in a `Tally`), so the work cannot be optimised away. Building a
/// subject and its sinks is inside the timing, but happens once a run: a negligible share of it.
extension Benchmark {
    static let all: [Benchmark] = [
        sequenceMapFilter, passthroughToOneSink, passthroughToEightSinks, currentValueThroughMap,
        sequenceFlatMapJust, justSubscribeAndCancel, erasedReceiveOnImmediate,
    ]

    /// How many values each sequence subscription publishes: enough to make subscribing a small share
    /// of the time per value, few enough that the arrays the sequence operators build stay in cache.
    static let valuesPerSequence = 1_000

    /// Apple's `map` and `filter` on a sequence publisher answer at once with a new sequence, so this
    /// measures those eager operators plus the delivery of each value into a sink.
    static let sequenceMapFilter = Benchmark(
        name: "sequence map, filter, sink (per value)", targetNanoseconds: 60,
        operationsPerIteration: valuesPerSequence
    ) { subscriptions in
        let tally = Tally()
        for _ in 0..<subscriptions {
            _ = (0..<valuesPerSequence).publisher
                .map { $0 &* 3 }
                .filter { $0 & 1 == 0 }
                .sink { tally.add($0) }
        }
        return tally.total
    }

    static let passthroughToOneSink = Benchmark(
        name: "PassthroughSubject send, 1 sink (per send)", targetNanoseconds: 45
    ) { sends in
        send(sends, into: PassthroughSubject<Int, Never>()) { subject, tally in
            [subject.sink { tally.add($0) }]
        }
    }

    /// Fan-out: one send reaches eight subscribers, so the cost is reported per delivery.
    static let passthroughToEightSinks = Benchmark(
        name: "PassthroughSubject send, 8 sinks (per delivery)", targetNanoseconds: 30,
        operationsPerIteration: 8
    ) { sends in
        send(sends, into: PassthroughSubject<Int, Never>()) { subject, tally in
            (0..<8).map { _ in subject.sink { tally.add($0) } }
        }
    }

    static let currentValueThroughMap = Benchmark(
        name: "CurrentValueSubject send, map, sink (per send)", targetNanoseconds: 60
    ) { sends in
        send(sends, into: CurrentValueSubject<Int, Never>(0)) { subject, tally in
            [subject.map { $0 &+ 1 }.sink { tally.add($0) }]
        }
    }

    /// Every value becomes an inner publisher that flatMap subscribes to, drains and lets go of.
    static let sequenceFlatMapJust = Benchmark(
        name: "sequence flatMap Just, sink (per value)", targetNanoseconds: 350,
        operationsPerIteration: valuesPerSequence
    ) { subscriptions in
        let tally = Tally()
        for _ in 0..<subscriptions {
            _ = (0..<valuesPerSequence).publisher
                .flatMap { Just($0) }
                .sink { tally.add($0) }
        }
        return tally.total
    }

    /// The cost of a short-lived subscription: build the chain, receive its one value, cancel.
    /// `Just` cannot fail, so `mapError` only widens the failure type; its transform never runs.
    static let justSubscribeAndCancel = Benchmark(
        name: "Just map, mapError, sink, cancel (per iteration)", targetNanoseconds: 300
    ) { iterations in
        let tally = Tally()
        for value in 0..<iterations {
            Just(value)
                .map { $0 &+ 1 }
                .mapError(widenedToAnyError)
                .sink(receiveCompletion: { _ in }, receiveValue: { tally.add($0) })
                .cancel()
        }
        return tally.total
    }

    /// Type erasure and a scheduler hop that runs at once: the shape of a typical client API.
    static let erasedReceiveOnImmediate = Benchmark(
        name: "erased subject, receive(on: Immediate) (per send)", targetNanoseconds: 80
    ) { sends in
        send(sends, into: PassthroughSubject<Int, Never>()) { subject, tally in
            [subject.eraseToAnyPublisher().receive(on: ImmediateScheduler.shared).sink { tally.add($0) }]
        }
    }
}

/// Sends `0..<sends` into `subject` while the subscriptions `attach` makes are live, then cancels
/// them and returns the sum their sinks received.
private func send<S: Subject>(
    _ sends: Int, into subject: S, attaching attach: (S, Tally) -> [AnyCancellable]
) -> Int where S.Output == Int {
    let tally = Tally()
    let subscriptions = attach(subject, tally)
    for value in 0..<sends {
        subject.send(value)
    }
    subscriptions.forEach { $0.cancel() }
    return tally.total
}

/// Widens a failure to `any Error`; a generic function, so that handing it `Never` draws no
/// "will never be executed" warning as a closure written for `Never` would.
private func widenedToAnyError<Failure: Error>(_ failure: Failure) -> any Error {
    failure
}

/// The sum of the values a benchmark's sinks received.
///
/// A class rather than a captured local `var`: Swift checks every access to a variable captured by an
/// escaping closure at run time, which added about 6 ns to each delivery measured here, while the
/// optimiser can see that this property never needs the check.
final class Tally {
    private(set) var total = 0

    func add(_ value: Int) {
        total &+= value
    }
}
