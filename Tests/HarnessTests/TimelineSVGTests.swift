import Foundation
import Harness
import Testing
import Timelines

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct TimelineSVGTests {
    /// A timeline with an early and a late value, a request, and details that need escaping.
    func sample() -> Timeline {
        let timeline = Timeline(title: "Chapter <1> & \"more\"")
        let start = ContinuousClock.now
        timeline.beginSection("one subscriber", at: start)
        timeline.record(.subscribe, lane: "subscriber", at: start)
        timeline.record(
            .request, lane: "server", detail: "GET /users/1?tag=a&b", at: start + .milliseconds(5))
        timeline.record(.value, lane: "subscriber", detail: "early", at: start + .milliseconds(300))
        timeline.record(.value, lane: "subscriber", detail: "late", at: start + .milliseconds(1500))
        timeline.record(
            .completion, lane: "subscriber", detail: "status(404)", at: start + .milliseconds(1500))
        return timeline
    }

    @Test func theStableSequenceCanBeReadBackFromThePicture() {
        let timeline = sample()
        #expect(Timeline.stableSequence(inSVG: timeline.svg) == timeline.stableSequence)
        #expect(Timeline.stableSequence(inSVG: "<svg/>") == nil)
    }

    @Test func thePictureIsWellFormedPlainSVG() {
        let svg = sample().svg
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
        #expect(parser.parserError == nil)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for forbidden in ["<script", "<style", "<foreignObject", "@font-face", "href="] {
            #expect(!svg.contains(forbidden))
        }
    }

    @Test func everyEventIsLabelledInWords() {
        let svg = sample().svg
        for label in [
            "subscribe", "GET /users/1?tag=a&amp;b", "value early", "value late", "failed: status(404)",
        ] {
            #expect(hasLabelPart(label, in: svg), "no label \(label)")
        }
        #expect(
            svg.contains(">subscriber</text>") && svg.contains(">its request</text>"), "rows are labelled")
        #expect(svg.contains(">one subscriber</text>"), "the section is titled")
    }

    @Test func laterEventsAreDrawnFurtherRight() throws {
        let svg = sample().svg
        #expect(try labelX("value early", in: svg) < labelX("value late", in: svg))
        #expect(try labelX("subscribe", in: svg) < labelX("value early", in: svg))
    }

    @Test func theTimeAxisIsLabelledInMillisecondsAndSeconds() {
        let svg = sample().svg
        #expect(svg.contains(">0 ms</text>"))
        #expect(svg.contains(">1 s</text>"))
    }

    @Test func aFailedCompletionIsDrawnApartFromAFinishedOne() {
        let finished = Timeline(title: "Chapter")
        finished.record(.completion, lane: "subscriber", detail: "finished")
        let failed = Timeline(title: "Chapter")
        failed.record(.completion, lane: "subscriber", detail: "URLError.timedOut")
        #expect(!finished.svg.contains("#c53030"))
        #expect(failed.svg.contains("#c53030"))
    }

    @Test func aRuleDuringWhichNothingHappenedIsDrawnAsSuch() {
        let timeline = Timeline(title: "Chapter")
        timeline.beginSection("nothing before subscribe")
        #expect(timeline.svg.contains(">nothing before subscribe</text>"))
        #expect(timeline.svg.contains(">nothing was recorded during this rule</text>"))
    }

    /// Whether `text` has `label` as the part of a label for one event, followed by a dot when
    /// more parts come after it.
    func hasLabelPart(_ label: String, in text: some StringProtocol) -> Bool {
        text.contains(">\(label)</tspan>") || text.contains(">\(label) ·</tspan>")
    }

    /// The x of the label that has `label` as a part.
    func labelX(_ label: String, in svg: String) throws -> Double {
        let line = try #require(svg.split(separator: "\n").first { hasLabelPart(label, in: $0) })
        let x = try #require(line.firstMatch(of: /x="([0-9.]+)"/)?.output.1)
        return try #require(Double(x))
    }
}
