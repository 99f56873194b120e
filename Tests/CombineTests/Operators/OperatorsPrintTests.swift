import Combine
import Foundation
import Testing

@Suite struct OperatorsPrintTests {
    @Test func printLogsASequenceTheWayApplesDoes() {
        let stream = PrintedLines()
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 3].publisher.print("numbers", to: stream).subscribe(subscriber)

        #expect(
            stream.lines == [
                "numbers: receive subscription: ([1, 2, 3])",
                "numbers: request unlimited",
                "numbers: receive value: (1)",
                "numbers: receive value: (2)",
                "numbers: receive value: (3)",
                "numbers: receive finished",
            ])
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.subscriptionDescriptions == ["Print"])
    }

    // Apple: print writes each line to its stream as Swift's print does: an empty piece, the line,
    // then the newline, each a write of its own.
    @Test func printWritesEachLineInThreePieces() {
        final class Writes: TextOutputStream, @unchecked Sendable {
            var pieces: [String] = []
            func write(_ string: String) { pieces.append(string) }
        }
        let stream = Writes()
        _ = Empty<Int, Never>().print("e", to: stream).sink { _ in }

        #expect(
            stream.pieces == [
                "", "e: receive subscription: (Empty)", "\n", "", "e: request unlimited", "\n", "",
                "e: receive finished", "\n",
            ])
    }

    @Test func printShowsTheSubscriptionMapHandsThrough() {
        let stream = PrintedLines()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.map { $0 + 1 }.filter { _ in true }.print("chain", to: stream).sink { _ in }
        subject.send(1)

        #expect(
            stream.lines == [
                "chain: receive subscription: (PassthroughSubject)", "chain: request unlimited",
                "chain: receive value: (2)",
            ])
        cancellable.cancel()
    }

    @Test func withoutAPrefixLinesStartWithTheEvent() {
        let stream = PrintedLines()
        _ = Just("a").print(to: stream).sink { _ in }

        #expect(
            stream.lines == [
                "receive subscription: (Just)", "request unlimited", "receive value: (a)", "receive finished",
            ])
    }

    @Test func limitedDemandIsLoggedWithSynchronousDemandOnlyWhenItIsNotZero() {
        let stream = PrintedLines()
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(3), demandPerValue: .max(1))
        let silent = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        upstream.print("p", to: stream).subscribe(subscriber)
        upstream.send(7)
        upstream.print("q", to: stream).subscribe(silent)
        upstream.send(8)

        #expect(
            stream.lines == [
                "p: receive subscription: (TestPublisher)",
                "p: request max: (3)",
                "p: receive value: (7)",
                "p: request max: (1) (synchronous)",
                "q: receive subscription: (TestPublisher)",
                "q: request max: (1)",
                "q: receive value: (8)",
            ])
    }

    @Test func failuresRequestsAndCancelsAreLogged() {
        let stream = PrintedLines()
        let failing = TestPublisher<Int, ProbeError>()
        let cancelled = TestPublisher<Int, ProbeError>()
        let first = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        let second = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        failing.print("f", to: stream).subscribe(first)
        first.request(.max(2))
        failing.send(completion: .failure(ProbeError(3)))
        cancelled.print("c", to: stream).subscribe(second)
        second.request(.unlimited)
        second.cancel()

        #expect(
            stream.lines == [
                "f: receive subscription: (TestPublisher)",
                "f: request max: (2)",
                "f: receive error: (ProbeError(3))",
                "c: receive subscription: (TestPublisher)",
                "c: request unlimited",
                "c: receive cancel",
            ])
        #expect(first.completions == [.failure(ProbeError(3))])
        #expect(cancelled.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func requestsAfterCancelAreLoggedButNotPassedOn() {
        let stream = PrintedLines()
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        upstream.print(to: stream).subscribe(subscriber)
        let printSubscription = subscriber.subscription

        printSubscription?.cancel()
        printSubscription?.request(.max(5))

        #expect(stream.lines.suffix(2) == ["receive cancel", "request max: (5)"])
        #expect(upstream.subscription?.history == [.cancelled])
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterCompletion() {
        let subscriber = WeakSubscriber<Int, Never>()
        [1].publisher.print(to: PrintedLines()).subscribe(subscriber)

        #expect(subscriber.completions == 1)
        #expect(subscriber.subscription == nil)
    }
}
