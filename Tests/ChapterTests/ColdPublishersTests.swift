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

    @Test func theReportListsEveryRuleOnce() {
        #expect(coldPublisherRules.count == 6)
        #expect(Set(coldPublisherRules.map(\.sentence)).count == 6)
    }
}
