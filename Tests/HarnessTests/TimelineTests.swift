import Foundation
import Harness
import Testing
import Timelines

@Suite struct TimelineTests {
    @Test func eventsKeepTheirKindLaneDetailAndOrder() {
        let timeline = Timeline(title: "Chapter")
        timeline.record(.subscribe, lane: "subscriber")
        timeline.record(.request, lane: "server", detail: "GET /users/1")
        timeline.record(.value, lane: "subscriber", detail: "200")
        #expect(timeline.events.map(\.kind) == [.subscribe, .request, .value])
        #expect(timeline.events.map(\.lane) == ["subscriber", "server", "subscriber"])
        #expect(timeline.events.map(\.detail) == ["", "GET /users/1", "200"])
        let offsets = timeline.events.map(\.offset)
        #expect(offsets == offsets.sorted())
    }

    @Test func eachSectionIsTimedFromItsOwnStart() async throws {
        let timeline = Timeline(title: "Chapter")
        timeline.beginSection("first")
        try await Task.sleep(for: .milliseconds(50))
        timeline.record(.note, lane: "a", detail: "late in the first")
        timeline.beginSection("second")
        timeline.record(.note, lane: "a", detail: "early in the second")
        #expect(timeline.sections.map(\.title) == ["first", "second"])
        #expect(timeline.sections[0].events[0].offset >= .milliseconds(50))
        #expect(timeline.sections[1].events[0].offset < timeline.sections[0].events[0].offset)
    }

    @Test func anEventCanCarryAnInstantMeasuredEarlier() {
        let timeline = Timeline(title: "Chapter")
        let arrival = ContinuousClock.now + .seconds(2)
        timeline.record(.request, lane: "server", at: arrival)
        #expect(timeline.events[0].offset >= .seconds(2))
    }

    @Test func aSectionWithoutEventsIsKeptButTheUntitledStartIsNot() {
        let timeline = Timeline(title: "Chapter")
        timeline.beginSection("nothing happens")
        timeline.beginSection("busy")
        timeline.record(.note, lane: "a")
        #expect(timeline.sections.map(\.title) == ["nothing happens", "busy"])
        #expect(
            timeline.stableSequence.hasPrefix("timeline: Chapter\nsection: nothing happens\nsection: busy\n"))
    }

    @Test func lanesAreListedInTheOrderTheyFirstAppear() {
        let timeline = Timeline(title: "Chapter")
        for lane in ["b", "a", "b", "c"] { timeline.record(.note, lane: lane) }
        #expect(timeline.sections[0].lanes == ["b", "a", "c"])
    }

    @Test func recordingFromManyThreadsAtOnceLosesNothing() async {
        let timeline = Timeline(title: "Chapter")
        await withTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    for index in 0..<200 { timeline.record(.value, lane: "lane \(lane)", detail: "\(index)") }
                }
            }
        }
        #expect(timeline.events.count == 8 * 200)
        for lane in 0..<8 {
            let details = timeline.events.filter { $0.lane == "lane \(lane)" }.map(\.detail)
            #expect(details == (0..<200).map(String.init))
        }
    }

    @Test func eventsOffTheMainThreadSaySo() async {
        let timeline = Timeline(title: "Chapter")
        await withCheckedContinuation { done in
            Thread.detachNewThread {
                timeline.record(.value, lane: "subscriber")
                done.resume()
            }
        }
        #expect(timeline.events.map(\.onMainThread) == [false])
    }

    @Test func theStableSequenceDoesNotDependOnHowLanesInterleave() {
        func draw(_ order: [(String, String)]) -> String {
            let timeline = Timeline(title: "Chapter")
            timeline.beginSection("two subscribers")
            for (lane, detail) in order { timeline.record(.value, lane: lane, detail: detail) }
            return timeline.stableSequence
        }
        let one = draw([("B", "1"), ("A", "1"), ("B", "2"), ("A", "2")])
        let other = draw([("A", "1"), ("A", "2"), ("B", "1"), ("B", "2")])
        #expect(one == other)
        #expect(
            one == """
                timeline: Chapter
                section: two subscribers
                  lane: A
                    value 1 (off main)
                    value 2 (off main)
                  lane: B
                    value 1 (off main)
                    value 2 (off main)
                """)
    }

    @Test func theStableSequenceChangesWhenTheOrderWithinALaneDoes() {
        func draw(_ kinds: [Timeline.Event.Kind]) -> String {
            let timeline = Timeline(title: "Chapter")
            for kind in kinds { timeline.record(kind, lane: "subscriber") }
            return timeline.stableSequence
        }
        #expect(draw([.value, .completion]) != draw([.completion, .value]))
        #expect(draw([.value, .completion]) != draw([.value, .cancel]))
    }

    @Test func whenTheServerNoticesAClientLeaveDoesNotChangeTheStableSequence() {
        func draw(_ events: [(Timeline.Event.Kind, String)]) -> String {
            let timeline = Timeline(title: "Chapter")
            for (kind, detail) in events { timeline.record(kind, lane: Timeline.serverLane, detail: detail) }
            return timeline.stableSequence
        }
        let leftFirst = draw([
            (.request, "GET /slow"), (.cancel, "left"), (.request, "GET /fast"), (.response, "200"),
        ])
        let leftLast = draw([
            (.request, "GET /slow"), (.request, "GET /fast"), (.response, "200"), (.cancel, "left"),
        ])
        #expect(leftFirst == leftLast)
        #expect(
            draw([(.request, "GET /fast"), (.request, "GET /slow")])
                != draw([(.request, "GET /slow"), (.request, "GET /fast")]))
    }

    @Test func theStableSequenceLeavesTheTimesOut() async throws {
        func draw(pause: Duration) async throws -> String {
            let timeline = Timeline(title: "Chapter")
            timeline.record(.subscribe, lane: "subscriber")
            try await Task.sleep(for: pause)
            timeline.record(.value, lane: "subscriber")
            return timeline.stableSequence
        }
        let immediate = try await draw(pause: .zero)
        let paused = try await draw(pause: .milliseconds(30))
        #expect(immediate == paused)
    }

    @Test func theCurrentTimelineIsTheOneSetAroundTheTask() async {
        let timeline = Timeline(title: "Chapter")
        #expect(Timeline.current == nil)
        Timeline.$current.withValue(timeline) {
            Timeline.current?.record(.note, lane: "rule")
        }
        #expect(timeline.events.count == 1)
        #expect(Timeline.current == nil)
    }
}
