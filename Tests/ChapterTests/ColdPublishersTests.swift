import Harness
import Testing

@testable import ColdPublishers

@Suite("Chapter 1: cold publishers")
struct ColdPublishersTests {
    @Test func creatingThePublisherSendsNoRequest() async throws {
        let finding = try await measure(nothingBeforeSubscribe)
        #expect(finding.value == 0)
        #expect(finding.holds)
    }

    @Test func oneSubscriberSendsOneRequest() async throws {
        let finding = try await measure(oneRequestPerSubscriber)
        #expect(finding.value == 1)
        #expect(finding.holds)
    }

    @Test func threeSubscribersToOnePublisherSendThreeRequests() async throws {
        let finding = try await measure(everySubscriberSendsItsOwnRequest)
        #expect(finding.value == 3)
        #expect(finding.holds)
    }

    @Test func shareGivesTwoSubscribersOneRequestAndBothTheValue() async throws {
        let finding = try await measure(shareSendsOneRequest)
        #expect(finding.value == SharedDelivery(requests: 1, values: 2))
        #expect(finding.holds)
    }

    @Test func aLateSubscriberToShareGetsNoValueAndSendsNoRequest() async throws {
        let finding = try await measure(lateSubscriberMissesTheSharedResponse)
        #expect(finding.value == LateArrival(values: 0, newRequests: 0))
        #expect(finding.holds)
    }

    @Test func theReplayingCacheGivesTheLateSubscriberTheValueWithoutARequest() async throws {
        let finding = try await measure(replayingCacheServesTheLateSubscriber)
        #expect(finding.value == LateArrival(values: 1, newRequests: 0))
        #expect(finding.holds)
    }

    @Test func aTaskNobodyAwaitsStillSendsItsRequest() async throws {
        let finding = try await measure(taskStartsAtOnce)
        #expect(finding.value == 1)
        #expect(finding.holds)
    }

    @Test func anAsyncLetLeftUnawaitedIsSentAndThenCancelledAtTheServer() async throws {
        let finding = try await measure(unawaitedAsyncLetIsCancelled)
        #expect(finding.value == UnawaitedLoad(requests: 1, clientLeft: true))
        #expect(finding.holds)
    }

    @Test func oneCallOfTheAsyncFunctionSendsOneRequest() async throws {
        let finding = try await measure(oneRequestPerCall)
        #expect(finding.value == 1)
        #expect(finding.holds)
    }

    @Test func threeCallsOfTheAsyncFunctionSendThreeRequests() async throws {
        let finding = try await measure(everyCallSendsItsOwnRequest)
        #expect(finding.value == 3)
        #expect(finding.holds)
    }

    @Test func twoAwaitersOfOneStoredTaskGetOneRequestAndBothTheValue() async throws {
        let finding = try await measure(storedTaskSendsOneRequest)
        #expect(finding.value == SharedDelivery(requests: 1, values: 2))
        #expect(finding.holds)
    }

    @Test func aLateAwaitOfAFinishedTaskGetsItsValueWithoutARequest() async throws {
        let finding = try await measure(lateAwaitGetsTheValue)
        #expect(finding.value == LateArrival(values: 1, newRequests: 0))
        #expect(finding.holds)
    }

    @Test func theReportListsEveryRuleOnce() {
        let rules = coldPublisherRules + awaitedColdRules
        #expect(coldPublisherRules.count == 6)
        #expect(awaitedColdRules.count == 6)
        #expect(Set(rules.map(\.sentence)).count == 12)
        #expect(awaitedColdRules.allSatisfy { $0.sentence.hasPrefix("await: ") })
    }

    /// The twins whose timing differs are drawn beside their Combine rule, on its time axis.
    @Test func theTwinsThatDifferInTimeAreDrawnBesideTheirCombineRule() {
        #expect(Rule.pairingMistakes(in: coldPublisherRules + awaitedColdRules).isEmpty)
        #expect(
            awaitedColdRules.compactMap(\.drawnBeside) == [
                "creating the publisher sends no request", "creating the publisher sends no request",
                "a late subscriber to share() gets nothing",
            ])
    }
}
