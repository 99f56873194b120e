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
        XCTAssertTrue(svg.contains(">→ off the main thread</tspan>"))
        XCTAssertTrue(svg.contains(">→ main thread</tspan>"))
        XCTAssertTrue(svg.contains(">square: on the main thread</text>"), "the square has a legend entry")
        XCTAssertTrue(svg.contains(">hop to another thread</text>"), "the hop has a legend entry")
        XCTAssertEqual(svg.components(separatedBy: "class=\"mark hop\"").count - 1, 2)
        XCTAssertFalse(svg.contains("fill=\"#dd6b20\""), "a hop is not drawn in the cancel colour")
        XCTAssertEqual(timelinePictureProblems(svg), [])
    }
}
