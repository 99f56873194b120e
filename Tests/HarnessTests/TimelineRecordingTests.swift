import Combine
import Foundation
import Harness
import Testing
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct TimelineRecordingTests {
    @Test func aSubscribersSubscriptionValuesAndCompletionAreRecordedOnItsLane() async {
        let timeline = Timeline(title: "Chapter")
        let publisher = Timeline.$current.withValue(timeline) {
            [1, 2].publisher.recorded(lane: "subscriber", value: { "\($0)" })
        }
        _ = await outcome(of: publisher)
        #expect(timeline.events.map(\.kind) == [.subscribe, .value, .value, .completion])
        #expect(timeline.events.map(\.detail) == ["", "1", "2", "finished"])
        #expect(Set(timeline.events.map(\.lane)) == ["subscriber"])
    }

    @Test func aFailureIsRecordedByItsName() async {
        let timeline = Timeline(title: "Chapter")
        _ = await outcome(
            of: Fail<Int, URLError>(error: URLError(.timedOut)).recorded(lane: "a", in: timeline))
        #expect(timeline.events.last?.kind == .completion)
        #expect(timeline.events.last?.detail == "URLError.timedOut")
    }

    @Test func anAwaitedCallIsRecordedOnTheLaneItNamesWithWhatItReturnedOrThrew() async throws {
        let timeline = Timeline(title: "Chapter")
        let (returned, thrown) = await Timeline.$current.withValue(timeline) {
            let returned = await awaitedOnTheTimeline("try await a", lane: "awaiter A") { 404 }
            let thrown: Result<Int, any Error> = await awaitedOnTheTimeline("try await b") {
                throw URLError(.timedOut)
            }
            return (returned, thrown)
        }
        #expect(try returned.get() == 404)
        let code =
            if case .failure(let failure) = thrown { (failure as? URLError)?.code } else {
                URLError.Code?.none
            }
        #expect(code == .timedOut)
        #expect(timeline.events.map(\.lane) == ["awaiter A", "awaiter A", awaitLane, awaitLane])
        #expect(
            timeline.events.map(\.detail) == [
                "try await a", "returned 404", "try await b", "threw URLError.timedOut",
            ])
    }

    @Test func aCancelIsRecorded() {
        let timeline = Timeline(title: "Chapter")
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.recorded(lane: "a", in: timeline).sink { _ in }
        cancellable.cancel()
        #expect(timeline.events.map(\.kind) == [.subscribe, .cancel])
    }

    @Test func withoutACurrentTimelineTheValuesFlowUnchanged() async throws {
        #expect(Timeline.current == nil)
        let values = await outcome(of: [1, 2].publisher.recorded(lane: "a"))
        #expect(values.get() == [1, 2])
    }

    @Test func valuesAreLabelledBySayingWhatTheyAre() throws {
        let url = try #require(URL(string: "http://localhost/"))
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil))
        let body = Data("abc".utf8)
        #expect(eventLabel((data: body, response: response as URLResponse)) == "HTTP 200, 3 bytes")
        #expect(eventLabel(body) == "3 bytes")
        #expect(eventLabel(404) == "404")
    }
}
