import Locking
import XCTest

@testable import CheckProcesses

/// The stall watch's view of the main thread, where XCTest runs `@MainActor` tests with the main
/// queue drained: a check holding the main thread on its own behalf is not code that blocked it,
/// and the same hold outside `holdingTheMainThreadForTheCheck` is.
final class StallWatchMainThreadTests: XCTestCase {
    @MainActor
    func testTheChecksOwnHoldIsNotAStallAndAHoldAfterItIs() async {
        let limit = Duration.milliseconds(50)
        let found = Locked<[Stall]>([])
        let watch = StallWatch(limit: limit) { stall in found.withLock { $0.append(stall) } }
        watch.start()

        holdingTheMainThreadForTheCheck { hold(for: limit * 4) }
        XCTAssertEqual(found.withLock { $0 }, [], "the check's own hold of four limits")

        // Held again straight away, so the watch's last look at the main queue is still pending:
        // its clock runs from the end of the check's hold, and the watch ends once it fires.
        hold(for: .seconds(10), orUntil: { !found.withLock { $0 }.isEmpty })
        XCTAssertEqual(found.withLock { $0 }, [.mainThreadBlocked])
    }

    /// Blocks the calling thread for `duration`, or until `done` holds.
    private func hold(for duration: Duration, orUntil done: () -> Bool = { false }) {
        let end = ContinuousClock.now + duration
        while !done() && ContinuousClock.now < end {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
