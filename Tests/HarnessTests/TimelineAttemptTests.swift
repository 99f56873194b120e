import Foundation
import Testing

@testable import Harness
@testable import TimelineDrawing
@testable import Timelines

/// Which requests the picture numbers as a retry's attempts: only those that ask again for what the
/// one before asked for, once it was over, so a wait between attempts is never negative.
@Suite("Timeline attempts")
struct TimelineAttemptTests {
    /// A rule's timeline with `events` (kind, detail, milliseconds after the start, exchange) at the
    /// server, after one subscribe on a `load` lane that stays open throughout.
    private func run(_ events: [(Timeline.Event.Kind, String, Double, Int)]) -> Timeline {
        let timeline = Timeline(title: "Chapter")
        let start = ContinuousClock.now
        timeline.beginSection("rule", at: start)
        timeline.record(.subscribe, lane: "load", at: start)
        for (kind, detail, milliseconds, exchange) in events {
            timeline.record(
                kind, lane: Timeline.serverLane, detail: detail,
                at: start + .microseconds(Int(milliseconds * 1000)), exchange: exchange)
        }
        return timeline
    }

    /// Each request row's first detail with its attempt number, if it has one.
    private func attempts(_ run: Timeline) -> [String] {
        SectionLayout(run.sections[0]).rows.filter(\.isRequest).map { row in
            row.marks[0].event.detail + (row.attempt.map { " #\($0)" } ?? "")
        }
    }

    @Test func anotherTargetOrARequestThatOverlapsTheOneBeforeIsNoAttempt() throws {
        // Chapter 7's refresh burst: a rename POST between two loads, the second GET arriving while
        // the first is still held.
        let burst = run([
            (.request, "GET /profile", 1, 1), (.request, "POST /rename", 10, 2), (.response, "204", 10.5, 2),
            (.request, "GET /profile", 11, 3), (.cancel, "client went away", 12, 1),
            (.response, "200", 12.2, 3),
        ])
        #expect(attempts(burst) == ["GET /profile", "POST /rename", "GET /profile"])
        let picture = try #require(burst.rulePictures.first)
        #expect(!picture.svg.contains("waited"))
    }

    @Test func aRequestThatFollowsARedirectIsNoAttempt() {
        let loop = run([
            (.request, "GET /redirect-loop", 1, 1), (.response, "302", 1.2, 1),
            (.request, "GET /redirect-loop", 1.5, 2), (.response, "302", 1.7, 2),
        ])
        #expect(attempts(loop) == ["GET /redirect-loop", "GET /redirect-loop"])
    }

    @Test func theSameTargetAskedAgainAfterEachAnswerIsNumberedWhateverCameBetween() {
        let retried = run([
            (.request, "GET /busy", 1, 1), (.response, "503", 2, 1), (.request, "POST /log", 2.5, 2),
            (.request, "GET /busy", 3, 3), (.response, "204", 3.2, 2), (.response, "503", 4, 3),
            (.request, "GET /busy", 6, 4), (.response, "200", 7, 4),
        ])
        #expect(attempts(retried) == ["GET /busy #1", "POST /log", "GET /busy #2", "GET /busy #3"])
    }
}
