import Combine
import Foundation
import Testing

@Suite("Subscribers.Demand and Completion")
struct CoreDemandTests {
    @Test func additionSaturatesAtUnlimited() {
        #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
        #expect(Subscribers.Demand.max(2) + 3 == .max(5))
        #expect(Subscribers.Demand.max(Int.max) + 1 == .unlimited)
        #expect(Subscribers.Demand.max(Int.max) + .max(1) == .unlimited)
        #expect(Subscribers.Demand.unlimited + .max(1) == .unlimited)
        var demand = Subscribers.Demand.max(1)
        demand += .max(1)
        demand += 2
        #expect(demand == .max(4))
    }

    @Test func multiplicationSaturatesAtUnlimited() {
        #expect(Subscribers.Demand.max(3) * 4 == .max(12))
        #expect(Subscribers.Demand.max(Int.max / 2 + 1) * 2 == .unlimited)
        #expect(Subscribers.Demand.unlimited * 0 == .unlimited)
        var demand = Subscribers.Demand.max(5)
        demand *= 2
        #expect(demand == .max(10))
    }

    @Test func subtractionKeepsUnlimitedAndFloorsFiniteMinusUnlimited() {
        #expect(Subscribers.Demand.max(5) - .max(2) == .max(3))
        #expect(Subscribers.Demand.max(5) - 5 == .none)
        #expect(Subscribers.Demand.unlimited - .max(100) == .unlimited)
        #expect(Subscribers.Demand.unlimited - 100 == .unlimited)
        #expect(Subscribers.Demand.unlimited - .unlimited == .unlimited)
        #expect(Subscribers.Demand.max(5) - .unlimited == .none)
        var demand = Subscribers.Demand.max(5)
        demand -= 1
        demand -= .max(2)
        #expect(demand == .max(2))
    }

    @Test func comparisonsTreatUnlimitedAsGreaterThanEveryCount() {
        #expect(Subscribers.Demand.unlimited > .max(Int.max))
        #expect(Subscribers.Demand.unlimited > Int.max)
        #expect(Subscribers.Demand.unlimited != Int.max)
        #expect(!(Subscribers.Demand.unlimited == Int.max))
        #expect(Subscribers.Demand.max(1) < .max(2))
        #expect(Subscribers.Demand.max(2) <= 2)
        #expect(Subscribers.Demand.max(2) >= 2)
        #expect(Subscribers.Demand.max(3) > 2)
        #expect(Subscribers.Demand.max(3) == 3)
        #expect(3 == Subscribers.Demand.max(3))
        #expect(0 < Subscribers.Demand.max(1))
        #expect(0 < Subscribers.Demand.unlimited)
        #expect(Subscribers.Demand.none == .max(0))
    }

    @Test func maxIsTheCountOrNilWhenUnlimited() {
        #expect(Subscribers.Demand.max(7).max == 7)
        #expect(Subscribers.Demand.none.max == 0)
        #expect(Subscribers.Demand.unlimited.max == nil)
    }

    @Test func descriptionsNameTheCount() {
        #expect(Subscribers.Demand.unlimited.description == "unlimited")
        #expect(Subscribers.Demand.max(3).description == "max(3)")
        #expect(Subscribers.Demand.none.description == "max(0)")
    }

    @Test func demandSurvivesAnEncodingRoundTrip() throws {
        let demands: [Subscribers.Demand] = [.none, .max(42), .unlimited]
        let data = try JSONEncoder().encode(demands)
        #expect(try JSONDecoder().decode([Subscribers.Demand].self, from: data) == demands)
    }

    @Test func equalDemandsHashEqually() {
        let set: Set<Subscribers.Demand> = [.max(1), .max(1), .unlimited, .unlimited]
        #expect(set.count == 2)
    }

    @Test func completionsCompareAndHashByCase() {
        typealias Completion = Subscribers.Completion<TestError>
        #expect(Completion.finished == .finished)
        #expect(Completion.failure(TestError(1)) == .failure(TestError(1)))
        #expect(Completion.failure(TestError(1)) != .failure(TestError(2)))
        #expect(Completion.finished != .failure(TestError(1)))
    }

    @Test func completionSurvivesAnEncodingRoundTrip() throws {
        let completions: [Subscribers.Completion<TestError>] = [.finished, .failure(TestError(7))]
        let data = try JSONEncoder().encode(completions)
        #expect(try JSONDecoder().decode([Subscribers.Completion<TestError>].self, from: data) == completions)
    }
}
