import ExerciseChecks
import ExerciseSupport
import Harness

/// Wrong, and never returns: before each retry it waits for the virtual clock to reach the retry's
/// time by reading `now` in a loop, on the thread that delivered the failure. A virtual clock moves
/// only when the check moves it, which it does for work scheduled on it, and this schedules none.
func clockWatchedInALoop(
    _ failed: FailedAttempt, on scheduler: VirtualTimeScheduler
) -> Duration? {
    let wait = failed.budget.firstWait * (1 << failed.retries)
    let wake = scheduler.now.advanced(by: .nanoseconds(Int(wait / .nanoseconds(1))))
    while scheduler.now < wake {}
    return .zero
}
