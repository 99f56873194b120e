import Combine
import Foundation
import Testing

/// What Apple's operators do with a value or a completion that an upstream sends before its subscription:
/// each operator has its own rule, and these pin the ones that act on such events rather than drop them.
@Suite struct OperatorsEarlyEventsTests {
    private struct Refused: Error {}

    // Apple: dropFirst hands its subscription over first, then passes on an early value (returning the
    // subscriber's demand) and an early completion.
    @Test func dropFirstPassesOnAnEarlyValueAndAnEarlyCompletion() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(demandPerValue: .max(42))
        upstream.dropFirst(0).subscribe(subscriber)

        #expect(upstream.send(5) == .max(42))
        upstream.send(completion: .finished)

        #expect(subscriber.values == [5])
        #expect(subscriber.completions.count == 1)
    }

    // Apple: tryMap, tryScan and output(in:) act on an early value but ignore an early completion.
    @Test func tryMapTryScanAndOutputActOnAnEarlyValueOnly() {
        #expect(earlyValuesAndCompletions { $0.tryMap { $0 * 2 } } == ([10], 0))
        #expect(earlyValuesAndCompletions { $0.tryScan(1) { $0 + $1 } } == ([6], 0))
        #expect(earlyValuesAndCompletions { $0.output(in: 0..<3) } == ([5], 0))
    }

    // Apple: drop(while:) ignores both, as it always did here.
    @Test func dropWhileIgnoresEarlyEvents() {
        #expect(earlyValuesAndCompletions { $0.tryDrop { $0 < 0 } } == ([], 0))
    }

    // Apple: encode and decode act on early values and completions alike; a value that cannot be
    // decoded fails the stream even before the subscription.
    @Test func encodeAndDecodeActOnEarlyValuesAndCompletions() {
        let numbers = HeldSubscriberPublisher<Int, Never>()
        let encoded = TestSubscriber<Data, Error>()
        numbers.encode(encoder: JSONEncoder()).subscribe(encoded)
        numbers.send(7)
        numbers.send(completion: .finished)
        #expect(encoded.values == [Data("7".utf8)])
        #expect(encoded.completions.count == 1)

        let data = HeldSubscriberPublisher<Data, Never>()
        let decoded = TestSubscriber<Int, Error>()
        data.decode(type: Int.self, decoder: JSONDecoder()).subscribe(decoded)
        data.send(Data("not a number".utf8))
        #expect(decoded.values.isEmpty)
        #expect(decoded.completions.count == 1)
    }

    // Apple: replaceError(with:) and replaceEmpty(with:) ignore what comes before their subscription.
    @Test func replaceErrorAndReplaceEmptyIgnoreEarlyEvents() {
        let failing = HeldSubscriberPublisher<Int, Refused>()
        let replaced = TestSubscriber<Int, Never>(demandPerValue: .max(42))
        failing.replaceError(with: 0).subscribe(replaced)
        #expect(failing.send(1) == .none)
        failing.send(completion: .failure(Refused()))
        #expect(replaced.events.isEmpty)

        let empty = HeldSubscriberPublisher<Int, Never>()
        let filled = TestSubscriber<Int, Never>(demandPerValue: .max(42))
        empty.replaceEmpty(with: 0).subscribe(filled)
        #expect(empty.send(1) == .none)
        #expect(filled.events.isEmpty)
    }

    // Apple: once replaceError(with:) holds its replacement for want of demand, a second completion
    // from the upstream is ignored; the replacement and `.finished` follow the next request.
    @Test func replaceErrorIgnoresASecondCompletionWhileItsReplacementWaits() {
        let upstream = TestPublisher<Int, Refused>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        upstream.replaceError(with: 42).subscribe(subscriber)
        upstream.send(completion: .failure(Refused()))
        upstream.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)

        subscriber.request(.max(1))
        #expect(subscriber.values == [42])
        #expect(subscriber.completions.count == 1)
    }
}

/// Sends the value 5 and then `.finished` to the operator `make` builds, both before its subscription;
/// returns the values and the number of completions its subscriber received.
private func earlyValuesAndCompletions<P: Publisher>(
    _ make: (AnyPublisher<Int, Error>) -> P
) -> (values: [P.Output], completions: Int) where P.Output == Int {
    let upstream = HeldSubscriberPublisher<Int, Error>()
    let subscriber = TestSubscriber<Int, P.Failure>(demandPerValue: .max(42))
    make(upstream.eraseToAnyPublisher()).subscribe(subscriber)
    upstream.send(5)
    upstream.send(completion: .finished)
    return (subscriber.values, subscriber.completions.count)
}

/// Apple's `retry` acts on a completion that comes before the subscription.
@Suite struct OperatorsRetryEarlyCompletionTests {
    // Apple: an early `.finished` reaches the subscriber, which never gets a subscription.
    @Test func retryPassesOnAFinishThatComesBeforeTheSubscription() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.retry(1).subscribe(subscriber)
        upstream.send(completion: .finished)
        #expect(subscriber.subscriptionDescriptions.isEmpty)
        #expect(subscriber.completions.count == 1)
    }
}
