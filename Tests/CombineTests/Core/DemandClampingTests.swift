import Combine
import Testing

/// `Subscribers.Demand - Int` as Apple documents it: a result below zero is `.max(0)`.
@Suite struct DemandClampingTests {
    // Apple: Demand - Int clamps at .max(0) instead of going negative.
    @Test func subtractingMoreThanTheCountGivesNone() {
        #expect(Subscribers.Demand.max(1) - 2 == .none)
        var demand = Subscribers.Demand.max(3)
        demand -= 10
        #expect(demand == .none)
    }

    // Apple: Demand - Int that overflows (max(Int.max) - -1) gives .max(0).
    @Test func subtractingPastIntMaxGivesNone() {
        #expect(Subscribers.Demand.max(Int.max) - (-1) == .none)
        var demand = Subscribers.Demand.max(Int.max)
        demand -= -1
        #expect(demand == .none)
        #expect(Subscribers.Demand.max(0) - Int.min == .none)
    }
}
