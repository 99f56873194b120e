import Combine
import Testing

/// When `output(in:)` and `output(at:)` end the stream.
@Suite struct OperatorsOutputEndTests {
    // Apple: output(in:) finishes and cancels the upstream when the value after the range arrives.
    @Test func outputInFinishesOnlyWhenTheValueAfterTheRangeArrives() {
        let upstream = ProbePublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.output(in: 0..<2).subscribe(subscriber)
        upstream.send(1)
        #expect(upstream.send(2) == .none)
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.subscription?.isCancelled == false)

        upstream.send(3)

        #expect(subscriber.events == [.subscription("Output"), .value(1), .value(2), .completion(.finished)])
        #expect(upstream.subscription?.isCancelled == true)
    }

    // Apple: output(at:) returns the downstream's demand for its value and waits for the next to finish.
    @Test func outputAtPassesTheDownstreamsDemandForItsValue() {
        let upstream = ProbePublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(3))
        upstream.output(at: 0).subscribe(subscriber)

        #expect(upstream.send(7) == .max(3))
        #expect(subscriber.completions.isEmpty)
    }

    // Apple: output(at:) finishes and cancels the upstream when the value after its index arrives.
    @Test func outputAtFinishesOnlyWhenTheNextValueArrives() {
        let upstream = ProbePublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.output(at: 1).subscribe(subscriber)
        upstream.send(5)
        upstream.send(6)
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.subscription?.isCancelled == false)

        upstream.send(7)

        #expect(subscriber.events == [.subscription("Output"), .value(6), .completion(.finished)])
        #expect(upstream.subscription?.isCancelled == true)
    }
}
