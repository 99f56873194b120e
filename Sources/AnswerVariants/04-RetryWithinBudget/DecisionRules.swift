import Foundation
import TypedClient

// How answers to exercise 4 decide whether to retry, each handed to `retrying`.

/// Wrong: a retry count in place of the clock, two retries because two fit the 300 ms budget.
@Sendable func countsTwoRetries(_ failed: FailedAttempt) -> Duration? {
    failed.mayBeRetried && failed.retries < 2 ? failed.doublingWait : nil
}

/// Wrong: the budget applied to the sum of the waits so far, as if the requests took no time.
@Sendable func sumsTheWaits(_ failed: FailedAttempt) -> Duration? {
    let waited = failed.budget.firstWait * ((1 << failed.retries) - 1)
    return failed.mayBeRetried && waited + failed.doublingWait <= failed.budget.total
        ? failed.doublingWait : nil
}

/// Wrong: every failure of a GET retried, a 404 as eagerly as a 503.
@Sendable func retriesEveryFailure(_ failed: FailedAttempt) -> Duration? {
    let inTime = failed.elapsed + failed.doublingWait <= failed.budget.total
    return RetryPolicy.isIdempotent(failed.method) && inTime ? failed.doublingWait : nil
}

/// Wrong: the first wait every time, never doubled.
@Sendable func waitsTheSameEachTime(_ failed: FailedAttempt) -> Duration? {
    let wait = failed.budget.firstWait
    return failed.mayBeRetried && failed.elapsed + wait <= failed.budget.total ? wait : nil
}

/// Wrong: the failure and the clock are looked at, the method is not: a POST is sent again.
@Sendable func resendsAnyMethod(_ failed: FailedAttempt) -> Duration? {
    let worthIt = RetryPolicy().isWorthRetrying(failed.failure)
    return worthIt && failed.elapsed + failed.doublingWait <= failed.budget.total ? failed.doublingWait : nil
}

/// Right, another way: the time left, the budget less the time gone, must hold the next wait.
@Sendable func waitsWhileTimeIsLeft(_ failed: FailedAttempt) -> Duration? {
    let left = failed.budget.total - failed.elapsed
    return failed.mayBeRetried && failed.doublingWait <= left ? failed.doublingWait : nil
}
