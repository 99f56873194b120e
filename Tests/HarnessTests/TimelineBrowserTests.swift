import Foundation
import Harness
import TestSupport
import Testing
import Timelines

/// The interactive timeline as Chromium renders it: the page's script, run by a real browser,
/// builds a button per rule, reveals the events step by step in the order they happened, and shows
/// a mark's measured details.
@Suite(.enabled(if: HeadlessBrowser.absenceExcuse == nil, "\(HeadlessBrowser.absenceExcuse ?? "")"))
struct TimelineBrowserTests {
    /// Two rules; in the second, the value is recorded before the request that came earlier, so
    /// the order of recording and the order in time differ.
    func timeline() -> Timeline {
        let timeline = Timeline(title: "Chapter")
        // Each section starts at the instant its events are timed from, so the times the page
        // shows do not depend on how fast this runs (under ThreadSanitizer they moved by 0.03 ms).
        let first = ContinuousClock.now
        timeline.beginSection("first rule", at: first)
        timeline.record(.subscribe, lane: "subscriber", at: first)
        timeline.record(.completion, lane: "subscriber", detail: "finished", at: first + .milliseconds(3))
        let second = ContinuousClock.now
        timeline.beginSection("second rule", at: second)
        timeline.record(.subscribe, lane: "subscriber", at: second)
        timeline.record(.value, lane: "subscriber", detail: "200", at: second + .microseconds(9_250))
        timeline.record(.request, lane: "server", detail: "GET /users/1", at: second + .microseconds(4_130))
        timeline.record(.response, lane: "server", detail: "200", at: second + .microseconds(5_500))
        return timeline
    }

    /// The page of `timeline` as Chromium leaves it after loading `#fragment`.
    func rendered(_ timeline: Timeline, fragment: String) async throws -> String {
        let browser = try #require(HeadlessBrowser.installed, "\(HeadlessBrowser.whyMissing)")
        return try await inTemporaryFolder("timeline") { folder in
            let page = folder.appending(path: "timeline.html")
            try Data(timeline.html.utf8).write(to: page)
            return try await browser.renderedDocument(of: page, fragment: fragment)
        }
    }

    @Test func steppingRevealsTheEventsInTimeOrderAndAMarkShowsItsMeasuredDetails() async throws {
        let timeline = timeline()
        let dom = try await rendered(timeline, fragment: "rule=1&step=2&event=1")
        // A button per rule, each with its number of events, made by the page's script.
        #expect(
            dom.matches(of: /<button data-events="(\d+)"[^>]*>([^<]*)<\/button>/).map { "\($0.output.2)" }
                == [
                    "first rule (2 events)", "second rule (4 events)",
                ])
        // Only the second rule is shown, and every one of its events has a mark.
        let sections = Array(dom.split(separator: "<section class=\"rule\"").dropFirst())
        #expect(sections.map { $0.prefix(40).contains("hidden") } == [true, false])
        let marks = sections.map { $0.matches(of: /data-event="(\d+)"/).map { Int($0.output.1)! } }
        #expect(Set(marks[1]) == [0, 1, 2, 3])
        // Two steps in: the subscribe and the request, which came before the value recorded first.
        let shown = sections[1].matches(of: /data-event="(\d+)"[^>]*data-shown="true"/).map {
            Int($0.output.1)!
        }
        #expect(Set(shown) == [0, 2])
        #expect(
            dom.contains(
                #"<output id="step" data-step="2">event 2 of 4: 4.13 ms · server · GET /users/1 · off the main thread</output>"#
            ))
        #expect(
            dom.contains(
                #"<output id="details" data-event="1">9.25 ms · subscriber · value 200 · off the main thread</output>"#
            ))
    }
}
