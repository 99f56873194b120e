import Harness
import LocalServer
import LoopbackLab
import Testing
import Timelines

/// What the shared server's handler records: only what the server did.
@Suite struct TimelineServerRecordingTests {
    func recorded(_ target: String) async -> [Timeline.Event] {
        let timeline = Timeline(title: "Chapter")
        _ = await RouteTable.handler(recordingOn: timeline)(HTTPRequest(method: "GET", target: target))
        return timeline.events
    }

    @Test func anAnsweredRequestIsRecordedWithItsStatus() async {
        let events = await recorded(Route.missingUser + "?tag=x")
        #expect(events.map(\.kind) == [.request, .response])
        #expect(events.map(\.detail) == ["GET /users/2?tag=x", "404"])
        #expect(Set(events.map(\.lane)) == [Timeline.serverLane])
    }

    @Test func aRequestNeverAnsweredIsRecordedAlone() async {
        #expect(await recorded(Route.silence).map(\.kind) == [.request])
    }

    @Test func aHangUpIsRecordedAsOneNotAsAResponse() async {
        #expect(await recorded(Route.hangUp).map(\.kind) == [.request, .hangUp])
    }
}
