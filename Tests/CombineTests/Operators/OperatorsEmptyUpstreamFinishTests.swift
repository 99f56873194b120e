import Combine
import Testing

/// Operators that may end with no value, on an upstream that finishes empty before any request.
@Suite struct OperatorsEmptyUpstreamFinishTests {
    /// The events of a subscriber that asks for nothing until the empty upstream has finished, then
    /// for one value.
    private func eventsWhenRequestedLate(
        _ apply: (Empty<Int, Never>) -> AnyPublisher<Int, Never>
    ) -> (beforeRequest: [TestSubscriber<Int, Never>.Event], afterRequest: [TestSubscriber<Int, Never>.Event])
    {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        apply(Empty()).subscribe(subscriber)
        let before = subscriber.events
        subscriber.request(.max(1))
        return (before, subscriber.events)
    }

    // Apple: first() on an empty upstream holds .finished until the subscriber requests.
    @Test func firstHoldsItsFinishUntilRequested() {
        let events = eventsWhenRequestedLate { $0.first().eraseToAnyPublisher() }
        #expect(events.beforeRequest.count == 1)
        #expect(events.afterRequest.last == .completion(.finished))
    }

    // Apple: first(where:) on an empty upstream holds .finished until the subscriber requests.
    @Test func firstWhereHoldsItsFinishUntilRequested() {
        let events = eventsWhenRequestedLate { $0.first { $0 > 0 }.eraseToAnyPublisher() }
        #expect(events.beforeRequest.count == 1)
        #expect(events.afterRequest.last == .completion(.finished))
    }

    // Apple: last() on an empty upstream holds .finished until the subscriber requests.
    @Test func lastHoldsItsFinishUntilRequested() {
        let events = eventsWhenRequestedLate { $0.last().eraseToAnyPublisher() }
        #expect(events.beforeRequest.count == 1)
        #expect(events.afterRequest.last == .completion(.finished))
    }

    // Apple: last(where:) on an empty upstream holds .finished until the subscriber requests.
    @Test func lastWhereHoldsItsFinishUntilRequested() {
        let events = eventsWhenRequestedLate { $0.last { $0 > 0 }.eraseToAnyPublisher() }
        #expect(events.beforeRequest.count == 1)
        #expect(events.afterRequest.last == .completion(.finished))
    }

    // Apple: min() and max() on an empty upstream hold .finished until the subscriber requests.
    @Test func minAndMaxHoldTheirFinishUntilRequested() {
        for events in [
            eventsWhenRequestedLate { $0.min().eraseToAnyPublisher() },
            eventsWhenRequestedLate { $0.max().eraseToAnyPublisher() },
        ] {
            #expect(events.beforeRequest.count == 1)
            #expect(events.afterRequest.last == .completion(.finished))
        }
    }

    // Apple: buffer on an empty upstream holds .finished until the subscriber requests.
    @Test func bufferHoldsItsFinishUntilRequested() {
        let events = eventsWhenRequestedLate {
            $0.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).eraseToAnyPublisher()
        }
        #expect(events.beforeRequest.count == 1)
        #expect(events.afterRequest.last == .completion(.finished))
    }
}
