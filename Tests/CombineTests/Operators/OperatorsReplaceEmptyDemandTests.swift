import Combine
import Testing

/// What `replaceEmpty(with:)` asks of its upstream.
@Suite struct OperatorsReplaceEmptyDemandTests {
    // Apple: replaceEmpty requests .unlimited from upstream besides passing the downstream's demand on.
    @Test func replaceEmptyAsksForEverythingAndPassesDemandOn() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.replaceEmpty(with: 0).subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.max(2)), .requested(.unlimited)])
    }
}
