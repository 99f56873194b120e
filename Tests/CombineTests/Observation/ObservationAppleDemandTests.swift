import Combine
import Testing

/// Two published properties of one object, for assigning one's publisher to the other.
private final class Pair: ObservableObject {
    @Published var first = 1
    @Published var second = 2
}

/// How `objectWillChange` treats demand, and what assigning to `$property` does.
@Suite struct ObservationAppleDemandTests {
    // Apple: ObservableObjectPublisher sends every change once a subscriber has any demand.
    @Test func objectWillChangeSendsEveryChangeToASubscriberThatAskedForOne() {
        let publisher = ObservableObjectPublisher()
        let subscriber = TestSubscriber<Void, Never>(initialDemand: .max(1))
        publisher.subscribe(subscriber)
        publisher.send()
        publisher.send()
        publisher.send()

        #expect(subscriber.values.count == 3)
    }

    // Apple: ObservableObjectPublisher sends nothing to a subscriber that has asked for nothing.
    @Test func objectWillChangeSendsNothingBeforeAnyDemand() {
        let publisher = ObservableObjectPublisher()
        let subscriber = TestSubscriber<Void, Never>(initialDemand: .none)
        publisher.subscribe(subscriber)
        publisher.send()

        #expect(subscriber.values.isEmpty)
    }

    // Apple: assigning another property's publisher to `$property` leaves the wrapped value as it was.
    @Test func assigningToTheProjectedValueKeepsTheWrappedValue() {
        let pair = Pair()
        pair.$first = pair.$second

        #expect(pair.first == 1)
        pair.second = 3
        #expect(pair.first == 1)
    }
}
