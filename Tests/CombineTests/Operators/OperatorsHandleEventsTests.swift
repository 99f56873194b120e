import Combine
import Testing

@Suite struct OperatorsHandleEventsTests {
    /// Records each closure call, and what the downstream had seen when it was made.
    private final class Journal: @unchecked Sendable {
        private let entries = Box<[String]>([])

        var all: [String] { entries.value }

        func note(_ entry: String) {
            entries.mutate { $0.append(entry) }
        }
    }

    private func observed<P: Publisher>(_ publisher: P, into journal: Journal) -> Publishers.HandleEvents<P> {
        publisher.handleEvents(
            receiveSubscription: { journal.note("subscription \($0)") },
            receiveOutput: { journal.note("output \($0)") },
            receiveCompletion: { journal.note("completion \($0)") },
            receiveCancel: { journal.note("cancel") },
            receiveRequest: { journal.note("request \($0)") }
        )
    }

    @Test func closuresRunForEveryEventBeforeItIsPassedOn() {
        let journal = Journal()
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2), demandPerValue: .max(1))
        subscriber.onValue { journal.note("downstream value \($0)") }
        subscriber.onCompletion { _ in journal.note("downstream completion") }
        observed(upstream, into: journal).subscribe(subscriber)

        upstream.send(5)
        upstream.send(completion: .finished)

        #expect(
            journal.all == [
                "subscription TestPublisher",
                "request max(2)",
                "output 5",
                "downstream value 5",
                "request max(1)",
                "completion finished",
                "downstream completion",
            ])
        #expect(subscriber.subscriptionDescriptions == ["HandleEvents"])
        #expect(upstream.subscription?.history == [.requested(.max(2))])
    }

    @Test func noDemandReturnedFromAValueMeansNoRequestCall() {
        let journal = Journal()
        let upstream = TestPublisher<Int, ProbeError>()
        observed(upstream, into: journal).subscribe(TestSubscriber<Int, ProbeError>())

        upstream.send(1)

        #expect(journal.all == ["subscription TestPublisher", "request unlimited", "output 1"])
    }

    @Test func cancelRunsItsClosureOnceCancelsTheUpstreamAndSilencesLaterEvents() {
        let journal = Journal()
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        observed(upstream, into: journal).subscribe(subscriber)
        let subscription = subscriber.subscription

        subscription?.cancel()
        subscription?.cancel()
        subscription?.request(.max(1))

        #expect(journal.all == ["subscription TestPublisher", "request unlimited", "cancel"])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func theCompletionClosureRunsOnceAndTheClosuresAreReleasedAfterIt() {
        weak var weakCaptured: Journal?
        let subscriber = TestSubscriber<Int, Never>()
        do {
            let captured = Journal()
            weakCaptured = captured
            Just(1).handleEvents(receiveCompletion: { _ in captured.note("done") }).subscribe(subscriber)
            #expect(captured.all == ["done"])
        }

        #expect(subscriber.values == [1])
        #expect(weakCaptured == nil)
    }

    @Test func failuresReachTheCompletionClosure() {
        let journal = Journal()
        let subscriber = TestSubscriber<Int, ProbeError>()
        observed(Fail<Int, ProbeError>(error: ProbeError(6)), into: journal).subscribe(subscriber)

        #expect(journal.all.last == "completion failure(ProbeError(6))")
        #expect(subscriber.completions == [.failure(ProbeError(6))])
    }

    @Test func theStoredClosuresCanBeReplacedOnThePublisher() {
        let journal = Journal()
        var publisher = Publishers.HandleEvents(upstream: Just(3), receiveRequest: nil)
        publisher.receiveOutput = { journal.note("output \($0)") }
        _ = publisher.sink { _ in }

        #expect(journal.all == ["output 3"])
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterCancel() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = WeakSubscriber<Int, ProbeError>()
        upstream.handleEvents(receiveOutput: { _ in }).subscribe(subscriber)
        #expect(subscriber.subscription != nil)

        subscriber.cancel()

        #expect(subscriber.subscription == nil)
    }
}
