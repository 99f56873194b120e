import ExerciseChecks
import ExerciseSupport
import Foundation
import Harness
import TimeControl

/// Wrong, and never returns: before each retry it waits for the virtual clock to reach the retry's
/// time by reading `now` every millisecond, on the thread that delivered the failure. A virtual
/// clock moves only when the check moves it, which it does for work scheduled on it, and this
/// schedules none. (It naps between reads, as a careful loop would; exercise 2's hanging variant
/// is the loop that spins.)
func clockWatchedInALoop(
    _ failed: FailedAttempt, on scheduler: VirtualTimeScheduler
) -> Duration? {
    let wait = failed.budget.firstWait * (1 << failed.retries)
    let wake = scheduler.now.advanced(by: .nanoseconds(Int(wait / .nanoseconds(1))))
    while scheduler.now < wake {
        Thread.sleep(forTimeInterval: 0.001)
    }
    return .zero
}
