import Foundation
import Harness
import TestSupport
import Testing
import TimelineDrawing
import Timelines

/// The layout check finds what a reader would trip on, and the pictures give it nothing to find,
/// however crowded the run.
@Suite struct TimelineLayoutTests {
    /// A picture of `body` on a 400 × 200 canvas, with a legend entry for a value.
    func picture(_ body: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" font-size="16">
        <circle class="key value" cx="20" cy="20" r="7.0" fill="#2f855a" stroke="#ffffff" stroke-width="1.5"/>
        <circle class="key offMain" cx="20" cy="60" r="7.0" fill="#718096" stroke="#ffffff" stroke-width="1.5"/>
        <text x="36" y="25">value</text>
        <text x="36" y="65">off the main thread</text>
        \(body)
        </svg>
        """
    }

    let mark =
        ##"<circle class="mark value offMain" cx="200" cy="150" r="7.0" fill="#2f855a" stroke="#ffffff" stroke-width="1.5"/>"##

    @Test func aCleanPictureHasNoProblems() {
        #expect(timelinePictureProblems(picture(mark + "\n<text x=\"190\" y=\"130\">value 200</text>")) == [])
    }

    @Test func aHiddenMarkAFarLabelAndCutTextAreFound() {
        let under = mark.replacingOccurrences(of: "cx=\"200\"", with: "cx=\"203\"")
        #expect(
            timelinePictureProblems(picture(mark + "\n" + under)) == [
                "a mark value is hidden under a mark value"
            ])
        let tagged = mark.replacingOccurrences(of: "/>", with: " data-event=\"0\"/>")
        let far = picture(tagged + "\n<text x=\"20\" y=\"130\" data-events=\"0\">v</text>")
        #expect(timelinePictureProblems(far) == ["label 'v' is 162 px across and 8 px up from its mark"])
        let cut = picture(mark + "\n<text x=\"190\" y=\"130\">value 20…</text>")
        #expect(timelinePictureProblems(cut) == ["text 'value 20…' is cut short"])
    }

    @Test func aLaterLabelStackedAboveAnEarlierOneItRunsIntoIsFound() {
        let first = mark.replacingOccurrences(of: "/>", with: " data-event=\"0\"/>")
        let second = first.replacingOccurrences(of: "cx=\"200\"", with: "cx=\"260\"")
            .replacingOccurrences(of: "\"0\"", with: "\"1\"")
        func labels(earlierAt earlier: Int, laterAt later: Int) -> String {
            picture(
                [
                    first, second, "<text x=\"190\" y=\"\(earlier)\" data-events=\"0\">value 200</text>",
                    "<text x=\"230\" y=\"\(later)\" data-events=\"1\">value 404</text>",
                ].joined(separator: "\n"))
        }
        #expect(timelinePictureProblems(labels(earlierAt: 110, laterAt: 130)) == [])
        #expect(
            timelinePictureProblems(labels(earlierAt: 130, laterAt: 110)) == [
                "label 'value 404' is stacked above the earlier 'value 200'"
            ])
    }

    @Test func aCompletionWithoutItsEndingOrAMissingEventIsFound() {
        let sequence =
            "<metadata id=\"stable-sequence\">\ntimeline: T\nsection: s\n  lane: a\n    value (off main)\n"
            + "    completion (off main)\n</metadata>"
        let tagged = mark.replacingOccurrences(of: "/>", with: " data-event=\"0\"/>")
        #expect(
            timelinePictureProblems(picture(sequence + "\n" + tagged)) == [
                "1 completion recorded without saying whether it finished or failed",
                "draws 1 events, and the run recorded 2",
            ])
    }

    @Test func textOverTextOrOverAMarkIsFound() {
        let overText = picture(mark + "\n<text x=\"60\" y=\"25\">over the legend</text>")
        #expect(timelinePictureProblems(overText).contains("text 'value' overlaps text 'over the legend'"))
        let overMark = picture(mark + "\n<text x=\"150\" y=\"152\">struck</text>")
        #expect(timelinePictureProblems(overMark) == ["text 'struck' overlaps mark value"])
    }

    @Test func aLabelMeasuredPartByPartIsFound() {
        let label =
            ##"<text x="100" y="150"><tspan fill="#2f855a">value ·</tspan><tspan dx="9.8" fill="#1a202c">finished</tspan></text>"##
        #expect(
            timelinePictureProblems(picture(mark + "\n" + label)) == [
                "text 'value · finished' overlaps mark value"
            ])
    }

    @Test func anythingOutsideTheCanvasIsFound() {
        let problems = timelinePictureProblems(
            picture(mark + "\n<text x=\"390\" y=\"100\">cut off</text>\n<text x=\"-5\" y=\"100\">x</text>"))
        #expect(problems == ["text 'cut off' leaves the canvas", "text 'x' leaves the canvas"])
    }

    @Test func aMarkWithoutALegendEntryAndAnEntryWithoutAMarkAreFound() {
        let cancel =
            ##"<rect class="mark cancel onMain" x="100" y="140" width="14" height="14" fill="#dd6b20" stroke="#1a202c" stroke-width="1.5"/>"##
        #expect(
            timelinePictureProblems(picture(cancel)) == [
                "the legend does not explain cancel", "the legend does not explain onMain",
                "the legend explains offMain, which is not drawn",
                "the legend explains value, which is not drawn",
            ])
    }

    @Test func aMarkThatDoesNotLookLikeItsLegendEntryIsFound() {
        let hollow = mark.replacingOccurrences(of: "fill=\"#2f855a\"", with: "fill=\"none\"")
        #expect(
            timelinePictureProblems(picture(hollow)) == ["a mark value does not look like its legend entry"])
        let square =
            ##"<rect class="mark value offMain" x="100" y="140" width="14" height="14" fill="#2f855a" stroke="#1a202c" stroke-width="1.5"/>"##
        #expect(
            timelinePictureProblems(picture(square)) == ["a mark value does not look like its legend entry"])
    }

    /// Two marks of one section, the one at `earlier` ms recorded before the one at `later` ms.
    func twoRecordedMarks(drawnAt earlier: Int, _ later: Int) -> String {
        let marks = [(earlier, "1.5000", 0), (later, "2.2500", 1)].map { x, at, event in
            mark.replacingOccurrences(of: "cx=\"200\"", with: "cx=\"\(x)\"")
                .replacingOccurrences(
                    of: "/>",
                    with:
                        " data-event=\"\(event)\" data-section=\"0\" data-at=\"\(at)\" data-thread=\"off main\"/>"
                )
        }
        return picture(marks.joined(separator: "\n"))
    }

    @Test func aMarkDrawnLeftOfOneThatHappenedBeforeItIsFound() {
        #expect(timelinePictureProblems(twoRecordedMarks(drawnAt: 100, 300)) == [])
        #expect(
            timelinePictureProblems(twoRecordedMarks(drawnAt: 300, 100)) == [
                "a mark value of 2.25 ms is drawn left of a mark value of 1.5 ms, which happened before it"
            ])
    }

    @Test func aMarkDrawnOnAnotherThreadThanRecordedIsFound() {
        let recordedOnMain = twoRecordedMarks(drawnAt: 100, 300).replacingOccurrences(
            of: "data-event=\"1\" data-section=\"0\" data-at=\"2.2500\" data-thread=\"off main\"",
            with: "data-event=\"1\" data-section=\"0\" data-at=\"2.2500\" data-thread=\"main\"")
        #expect(
            timelinePictureProblems(recordedOnMain) == [
                "a mark value is drawn offMain but was recorded on the main thread"
            ])
    }

    /// A child process drawn with only its launch and ending leaves out what it did; once the
    /// events it reported are replayed onto the parent's timeline, the picture has them.
    @Test func aChildProcessDrawnWithNothingItDidIsFound() throws {
        func childRun(reporting report: [String: String]) -> String {
            let timeline = Timeline(title: "Child")
            timeline.beginSection("the child resumes on main")
            timeline.record(.action, lane: "child: a setting", detail: "launches the app")
            timeline.record(.request, lane: "server", detail: "GET /users/1", exchange: 1)
            timeline.record(.response, lane: "server", detail: "200", exchange: 1)
            ChildTimeline.replay(report, into: timeline)
            timeline.record(.exit, lane: "child: a setting", detail: "exit 0")
            return timeline.svg
        }
        #expect(
            timelinePictureProblems(childRun(reporting: [:])) == [
                "section 0 draws a child process's launch and ending, and nothing the child did"
            ])
        let child = ChildTimeline()
        child.timeline.record(.note, lane: "decode", detail: "decoded", onMainThread: true)
        let report = Dictionary(uniqueKeysWithValues: child.reportLines.map { ($0.key, $0.value) })
        let drawn = childRun(reporting: report)
        #expect(timelinePictureProblems(drawn) == [])
        #expect(drawn.contains(#"class="mark note onMain""#))
    }

    /// A crowded rule: three subscribers at once with long labels, a retry whose attempts come
    /// back to back, a request never answered, a hang-up, a cancel and notes, all within a few
    /// milliseconds, and one event a second later.
    func crowded() -> Timeline {
        let timeline = Timeline(title: "Crowded")
        timeline.beginSection(
            "a rule whose sentence is long enough that it has to be wrapped onto a second line of the title")
        let start = ContinuousClock.now
        func at(_ milliseconds: Double) -> ContinuousClock.Instant {
            start + .microseconds(Int(milliseconds * 1000))
        }
        for (index, lane) in [
            "subscriber A", "subscriber B", "a subscriber with a very long lane name indeed",
        ].enumerated() {
            timeline.record(.subscribe, lane: lane, at: at(Double(index) * 0.1))
            timeline.record(
                .request, lane: "server", detail: "GET /users/\(index)?tag=a-long-tag-that-takes-room",
                at: at(0.5 + Double(index) * 0.1),
                exchange: index)
            timeline.record(
                .response, lane: "server", detail: "503", at: at(0.6 + Double(index) * 0.1), exchange: index)
            timeline.record(
                .note, lane: lane, detail: "a note about what was seen here",
                at: at(0.7 + Double(index) * 0.1))
            timeline.record(
                .completion, lane: lane, detail: "APIError.status(503) with a detail that runs long",
                at: at(0.8 + Double(index) * 0.1))
        }
        timeline.record(.subscribe, lane: "retrying", at: at(2))
        for attempt in 0..<4 {
            timeline.record(
                .request, lane: "server", detail: "GET /busy", at: at(2.1 + Double(attempt) * 0.05),
                exchange: 10 + attempt)
            timeline.record(
                .response, lane: "server", detail: "503", at: at(2.12 + Double(attempt) * 0.05),
                exchange: 10 + attempt)
        }
        timeline.record(.completion, lane: "retrying", detail: "status(503)", at: at(2.4))
        timeline.record(.subscribe, lane: "left early", at: at(3))
        timeline.record(.request, lane: "server", detail: "GET /slow", at: at(3.1), exchange: 20)
        timeline.record(.cancel, lane: "left early", at: at(3.2))
        timeline.record(.cancel, lane: "server", detail: "client went away", at: at(3.3), exchange: 20)
        timeline.record(.subscribe, lane: "hung up on", at: at(4))
        timeline.record(.request, lane: "server", detail: "GET /hang-up", at: at(4.1), exchange: 30)
        timeline.record(.hangUp, lane: "server", at: at(4.2), exchange: 30)
        timeline.record(.completion, lane: "hung up on", detail: "URLError.badServerResponse", at: at(4.3))
        timeline.record(.subscribe, lane: "never answered", at: at(5))
        timeline.record(.request, lane: "server", detail: "GET /silence", at: at(5.1), exchange: 40)
        timeline.record(
            .value, lane: "late", detail: "a value a second later, at the right edge", at: at(1000))
        return timeline
    }

    @Test func aCrowdedRunIsDrawnWithoutACollisionInTheOverviewOrTheRulesPicture() throws {
        let timeline = crowded()
        #expect(timelinePictureProblems(timeline.svg) == [])
        let rule = try #require(timeline.rulePictures.first)
        #expect(timelinePictureProblems(rule.svg) == [])
        #expect(rule.svg.contains(">attempt 4</text>"))
    }

    @Test func eachRulesPictureIsNamedForItsRuleAndHoldsOnlyItsEvents() {
        let timeline = Timeline(title: "Chapter")
        for rule in [
            "retry(2) before validation never sees a 503", "the policy retries a dropped connection (Linux)",
        ] {
            timeline.beginSection(rule)
            timeline.record(.subscribe, lane: "subscriber")
        }
        let pictures = timeline.rulePictures
        #expect(
            pictures.map(\.name) == [
                "retry-before-validation-never-sees-a-503", "the-policy-retries-a-dropped-connection",
            ])
        #expect(
            Timeline.stableSequence(inSVG: pictures[1].svg)
                == "timeline: Chapter\nsection: the policy retries a dropped connection (Linux)\n  lane: subscriber\n    subscribe (off main)"
        )
    }
}
