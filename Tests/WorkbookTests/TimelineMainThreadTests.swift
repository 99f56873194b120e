import Foundation
import Workbook
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
        XCTAssertTrue(timeline.svg.contains(">⇢ hop off main</text>"))
        XCTAssertTrue(timeline.svg.contains(">⇢ hop to main</text>"))
        XCTAssertTrue(timeline.svg.contains(">on the main thread</text>"), "the square has a legend entry")
    }
}
