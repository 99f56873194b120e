import Combine
import Testing

/// What `flatMap` signals to its upstream.
@Suite struct OperatorsFlatMapSignallingTests {
    // Apple: flatMap does not cancel an upstream that has already failed.
    @Test func aFailedUpstreamIsNotCancelledAgain() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.flatMap { Just($0).setFailureType(to: ProbeError.self) }.subscribe(subscriber)
        upstream.send(completion: .failure(ProbeError(2)))

        #expect(subscriber.completions == [.failure(ProbeError(2))])
        #expect(upstream.subscription?.history == [.requested(.unlimited)])
    }

    // Apple: flatMap(maxPublishers: .max(0)) asks its upstream for .max(0).
    @Test func maxPublishersOfZeroIsRequestedAsIs() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.flatMap(maxPublishers: .max(0)) { Just($0) }.subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.max(0))])
    }
}
