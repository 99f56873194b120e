import Testing

@testable import CheckProcesses

/// The stall watch counts only the time it saw pass, so that a process frozen whole (by Swift's
/// crash handler writing a backtrace, say) is not reported as a main thread that ran nothing.
struct SeenTimeTests {
    let start = ContinuousClock.now

    @Test func looksAtTheWatchsPaceCountEveryMillisecond() {
        var time = SeenTime(from: start)
        for look in 1...100 {
            time.advance(to: start + .milliseconds(20 * look))
        }
        #expect(time.seen == .seconds(2))
    }

    @Test func aGapTheWatchSleptThroughCountsAsTheLongestGapOnly() {
        var time = SeenTime(from: start)
        time.advance(to: start + .milliseconds(20))
        time.advance(to: start + .milliseconds(20) + .seconds(3))
        time.advance(to: start + .milliseconds(40) + .seconds(3))
        #expect(time.seen == .milliseconds(40) + SeenTime.longestGap)
    }

    @Test func thePreviousLookIsTheOneBeforeTheLatest() {
        var time = SeenTime(from: start)
        time.advance(to: start + .milliseconds(20))
        time.advance(to: start + .milliseconds(45))
        #expect(time.previousLook == start + .milliseconds(20))
    }
}
