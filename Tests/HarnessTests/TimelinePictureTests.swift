import Foundation
import Harness
import Testing
import Timelines

/// What a reader of a chapter's picture must be able to see without help.
@Suite struct TimelinePictureTests {
    /// One section, "rule", with `events` recorded as (kind, lane, detail, milliseconds from its start).
    func timeline(_ events: [(Timeline.Event.Kind, String, String, Int)]) -> Timeline {
        let timeline = Timeline(title: "Chapter")
        let start = ContinuousClock.now
        timeline.beginSection("rule", at: start)
        for (kind, lane, detail, milliseconds) in events {
            timeline.record(kind, lane: lane, detail: detail, at: start + .milliseconds(milliseconds))
        }
        return timeline
    }

    /// Two subscribers at once whose requests the server answers one after the other; subscriber 3
    /// hears the first answer.
    func concurrentRequests() -> Timeline {
        timeline([
            (.subscribe, "subscriber 2", "", 0), (.subscribe, "subscriber 3", "", 1),
            (.request, "server", "GET /x", 5), (.response, "server", "200", 6),
            (.value, "subscriber 3", "200", 7), (.completion, "subscriber 3", "finished", 7),
            (.request, "server", "GET /x", 7), (.response, "server", "200", 8),
            (.value, "subscriber 2", "200", 9), (.completion, "subscriber 2", "finished", 9),
        ])
    }

    /// `share()`: its upstream hears the one answer before the two subscribers do, at the same time.
    func sharedRequest() -> Timeline {
        timeline([
            (.subscribe, "subscriber A", "", 0), (.subscribe, "upstream", "", 0),
            (.subscribe, "subscriber B", "", 1), (.request, "server", "GET /x", 2),
            (.response, "server", "200", 10), (.value, "upstream", "200", 11),
            (.value, "subscriber A", "200", 11), (.value, "subscriber B", "200", 11),
        ])
    }

    @Test func eachRequestIsDrawnUnderTheSubscriberThatHeardItsAnswer() throws {
        let svg = concurrentRequests().svg
        let requests = try textYs("its request", in: svg)
        #expect(requests.count == 2)
        let lanes = try ["subscriber 2", "subscriber 3"].map { try textY($0, in: svg) }
        #expect(lanes[0] < requests[0] && requests[0] < lanes[1] && lanes[1] < requests[1])
        #expect(!svg.contains("stroke-dasharray=\"2 5\""), "no links cross the picture")
    }

    @Test func aSharedRequestIsDrawnUnderTheUpstreamLaneThatHeardItFirst() throws {
        let svg = sharedRequest().svg
        let ys = try ["subscriber A", "subscriber B", "upstream", "its request"].map {
            try textY($0, in: svg)
        }
        #expect(ys == ys.sorted())
    }

    /// A subscriber whose request failed twice and was sent again after a wait each time.
    func retried() -> Timeline {
        timeline([
            (.subscribe, "subscriber", "", 0), (.request, "server", "GET /busy", 10),
            (.response, "server", "503", 11), (.wait, "subscriber", "25 ms", 40),
            (.request, "server", "GET /busy", 40),
            (.response, "server", "503", 41), (.wait, "subscriber", "50 ms", 101),
            (.request, "server", "GET /busy", 101),
            (.response, "server", "200", 102), (.value, "subscriber", "200", 103),
            (.completion, "subscriber", "finished", 103),
        ])
    }

    @Test func aRetrysRequestsAreNumberedAttemptsWithTheWaitBetweenThemDrawnAndMeasured() throws {
        let svg = retried().svg
        let attempts = try ["subscriber", "attempt 1", "attempt 2", "attempt 3"].map {
            try textY($0, in: svg)
        }
        #expect(attempts == attempts.sorted())
        #expect(
            svg.contains(">waited 29 ms (25 ms scheduled)</tspan>")
                && svg.contains(">waited 60 ms (50 ms scheduled)</tspan>"))
        #expect(svg.components(separatedBy: "class=\"bar wait\"").count - 1 == 2)
        #expect(svg.contains(">scheduled wait before the next attempt</text>"))
        #expect(!svg.contains("preparing"), "the wait is not URLSession at work")
        // On the stepping page a wait appears with the attempt it led to, not before.
        let waitBar = try #require(svg.split(separator: "\n").first { $0.contains("class=\"bar wait\"") })
        #expect(waitBar.hasSuffix("data-event=\"3\"/>"))
        let waitLabel = try #require(svg.split(separator: "\n").first { $0.contains(">waited 29 ms") })
        #expect(waitLabel.contains(" data-events=\"3\" "))
    }

    @Test func requestsNoLaneSentAreAttemptsWhenTheyAskForTheSameThingOneAfterAnother() throws {
        let svg = timeline([
            (.value, "screen", "loading", 0), (.request, "server", "GET /flaky", 10),
            (.response, "server", "500", 11), (.request, "server", "GET /flaky", 30),
            (.response, "server", "200", 31), (.request, "server", "GET /other", 32),
            (.response, "server", "200", 40),
        ]).svg
        // Nothing says a wait was scheduled, so the second attempt was sent at once: no wait is drawn.
        #expect(try textYs("attempt 2", in: svg).count == 1 && !svg.contains(">waited"))
        #expect(try textYs("request", in: svg).count == 1, "a request for something else is no attempt")
    }

    @Test func theSameRequestAfterASuccessOrA404IsNoAttempt() throws {
        let svg = timeline([
            (.request, "server", "GET /image", 1), (.response, "server", "200", 2),
            (.request, "server", "GET /image", 5), (.response, "server", "404", 6),
            (.request, "server", "GET /image", 9), (.response, "server", "404", 10),
        ]).svg
        #expect(try textYs("request", in: svg).count == 3)
        #expect(!svg.contains(">waited"))
    }

    @Test func theLegendListsExactlyTheMarksDrawn() {
        let quiet = timeline([(.subscribe, "subscriber", "", 0), (.completion, "subscriber", "finished", 5)])
            .svg
        for drawn in ["subscribe", "finished", "subscribed, waiting", "circle: off the main thread"] {
            #expect(quiet.contains(">\(drawn)</text>"), "no legend entry for \(drawn)")
        }
        for absent in [
            "failed", "note", "square: on the main thread", "server answers", "request reaches the server",
        ] {
            #expect(!quiet.contains(">\(absent)</text>"), "a legend entry for \(absent), which is not drawn")
        }
        let failing = timeline([
            (.note, "publisher", "made", 0), (.completion, "subscriber", "URLError.timedOut", 5),
        ]).svg
        #expect(failing.contains(">failed</text>") && failing.contains(">note</text>"))
    }

    @Test func aRequestNeverAnsweredIsDrawnWithoutAnAnswer() {
        let svg = timeline([
            (.subscribe, "subscriber", "", 0), (.request, "server", "GET /silence", 2),
            (.completion, "subscriber", "URLError.timedOut", 1000),
        ]).svg
        #expect(svg.contains(">no answer</tspan>") && svg.contains(">server never answers</text>"))
        #expect(!svg.contains(">answers") && !svg.contains(">server answers</text>"))
    }

    @Test func aHangUpIsDrawnAsOneAndNotAsAnAnswer() {
        let svg = timeline([
            (.subscribe, "subscriber", "", 0), (.request, "server", "GET /hang-up", 2),
            (.hangUp, "server", "", 3), (.completion, "subscriber", "URLError.badServerResponse", 4),
        ]).svg
        #expect(svg.contains(">hangs up, no answer</tspan>"))
        #expect(svg.contains(">server hangs up, no answer</text>"))
        #expect(!svg.contains(">server answers</text>"))
    }

    @Test func eachSectionHasATimeScaleOfItsOwn() {
        let timeline = timeline([(.note, "a", "", 9)])
        timeline.beginSection("slow rule")
        timeline.record(.note, lane: "a", at: .now + .milliseconds(1900))
        let svg = timeline.svg
        #expect(svg.contains(">10 ms</text>") && !svg.contains(">20 ms</text>"))
        #expect(svg.contains(">2 s</text>"))
    }

    /// Two rules on one shared scale, the second with a wider lane title and a shorter run: their
    /// own pictures put every tick at the same place, so a time reads the same in both.
    @Test func rulePicturesOnOneSharedScaleHaveTheSameAxis() throws {
        let timeline = timeline([(.note, "a", "", 90)])
        timeline.shareTimeScale("pair")
        timeline.beginSection("twin")
        timeline.shareTimeScale("pair")
        timeline.record(.note, lane: "a much longer lane title", at: .now + .milliseconds(3))
        timeline.beginSection("alone")
        timeline.record(.note, lane: "b", at: .now + .milliseconds(3))
        let pictures = timeline.rulePictures.map(\.svg)
        func ticks(_ svg: String) -> [String] {
            svg.split(separator: "\n").filter { $0.hasSuffix(" ms</text>") }.map {
                String($0.firstMatch(of: /x="[0-9.]+"/)!.output) + " " + $0.split(separator: ">").last!
            }
        }
        #expect(ticks(pictures[0]) == ticks(pictures[1]))
        #expect(ticks(pictures[0]).last?.hasSuffix("100 ms</text") == true)
        #expect(ticks(pictures[2]) != ticks(pictures[1]))
    }

    @Test func noTextIsTooSmallToReadWhenProjected() throws {
        let svg = concurrentRequests().svg
        let sizes = svg.matches(of: /font-size="([0-9.]+)"/).compactMap { Double($0.output.1) }
        #expect(!sizes.isEmpty)
        #expect(try #require(sizes.min()) >= 14)
    }

    /// The y of each `<text>` element whose whole content is `text`, top to bottom.
    func textYs(_ text: String, in svg: String) throws -> [Double] {
        try svg.split(separator: "\n").filter { $0.hasSuffix(">\(text)</text>") }.map { line in
            let y = try #require(line.firstMatch(of: /\sy="([0-9.]+)"/)?.output.1)
            return try #require(Double(y))
        }
    }

    /// The y of the `<text>` element whose whole content is `text`.
    func textY(_ text: String, in svg: String) throws -> Double {
        let line = try #require(svg.split(separator: "\n").first { $0.hasSuffix(">\(text)</text>") })
        let y = try #require(line.firstMatch(of: /\sy="([0-9.]+)"/)?.output.1)
        return try #require(Double(y))
    }
}
