import Foundation
import Testing

@testable import Harness
@testable import TimelineDrawing
@testable import Timelines

@Suite("Timeline exchanges")
struct TimelineExchangeTests {
    /// The server's rows of a section: each request with what the server did about it, as details.
    private func requestRows(_ timeline: Timeline) -> [[String]] {
        SectionLayout(timeline.sections[0]).rows.filter(\.isRequest).map { $0.marks.map(\.event.detail) }
    }

    @Test func aLateAnswerJoinsItsOwnRequestEvenWhenAnotherCameInBetween() {
        let timeline = Timeline(title: "Chapter")
        timeline.beginSection("rule")
        timeline.record(.request, lane: Timeline.serverLane, detail: "GET /slow", exchange: 1)
        timeline.record(.request, lane: Timeline.serverLane, detail: "GET /fast", exchange: 2)
        timeline.record(.response, lane: Timeline.serverLane, detail: "200 fast", exchange: 2)
        timeline.record(.response, lane: Timeline.serverLane, detail: "200 slow", exchange: 1)
        #expect(requestRows(timeline) == [["GET /slow", "200 slow"], ["GET /fast", "200 fast"]])
    }

    @Test func aClientThatLeftEndsItsRequestsRowInsteadOfStandingAlone() {
        let timeline = Timeline(title: "Chapter")
        timeline.beginSection("rule")
        timeline.record(.request, lane: Timeline.serverLane, detail: "GET /slow", exchange: 1)
        timeline.record(.cancel, lane: Timeline.serverLane, detail: "client went away", exchange: 1)
        let rows = SectionLayout(timeline.sections[0]).rows
        #expect(rows.filter { !$0.isRequest && $0.title == Timeline.serverLane }.isEmpty)
        #expect(requestRows(timeline) == [["GET /slow", "client went away"]])
    }
}
