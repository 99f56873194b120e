import Foundation
import Harness
import TestSupport
import TimelineDrawing
import Timelines
import XCTest

/// XCTest, because its `@MainActor` tests run on the main thread (Swift Testing's do not, on Linux).
final class TimelineMainThreadTests: XCTestCase {
    @MainActor
    func testEventsOnTheMainThreadSaySoAndAHopAndTheSquareAreDrawn() async {
        let timeline = Timeline(title: "Chapter")
        timeline.noteHops(onLane: "view model", by: "receive(on: DispatchQueue.main)")
        timeline.record(.subscribe, lane: "view model")
        await withCheckedContinuation { done in
            DispatchQueue.global().async {
                timeline.record(.value, lane: "view model", detail: "off main")
                DispatchQueue.main.async {
                    timeline.record(.value, lane: "view model", detail: "back on main")
                    done.resume()
                }
            }
        }
        XCTAssertEqual(timeline.events.map(\.onMainThread), [true, false, true])
        XCTAssertTrue(timeline.stableSequence.contains("value off main (off main)"))
        XCTAssertTrue(timeline.stableSequence.contains("value back on main (main)"))
        let svg = timeline.svg
        // Only the move onto the main thread is receive(on:)'s doing, so only it is a hop.
        XCTAssertFalse(svg.contains(">→ off the main thread"))
        XCTAssertTrue(svg.contains(">→ main, by receive(on: DispatchQueue.main)</tspan>"))
        XCTAssertTrue(svg.contains(">square: on the main thread</text>"), "the square has a legend entry")
        XCTAssertTrue(svg.contains(">hop to another thread</text>"), "the hop has a legend entry")
        XCTAssertEqual(svg.components(separatedBy: "class=\"mark hop\"").count - 1, 1)
        XCTAssertFalse(svg.contains("fill=\"#dd6b20\""), "a hop is not drawn in the cancel colour")
        XCTAssertEqual(timelinePictureProblems(svg), [])
    }
}
