import ExerciseCatalog
import ExerciseChecks
import ExerciseSupport

private let givesUp = "a GET that always fails gives up when the next wait would overrun 300 ms"
private let longer = "with an 800 ms budget, a GET that always fails is sent at 0, 50, 150, 350 and 750 ms"
private let slowAttempts = "when each attempt takes 100 ms, a GET that always fails is sent at 0 and 150 ms"

/// Exercise 4's code deciding with `rule`.
private func deciding(_ rule: @escaping @Sendable (FailedAttempt) -> Duration?) -> RetryWithinBudgetCode {
    RetryWithinBudgetCode { retrying($0, $1, $2, $3, waitBeforeRetry: rule) }
}

let retryWithinBudgetVariants: [AnswerVariant] = [
    .wrong(
        4, "two retries counted instead of the clock read", deciding(countsTwoRetries),
        rejectedBy: [
            longer: "failed: .status(503) · 3 requests at 0, 50, 150 ms",
            slowAttempts: "failed: .status(503) · 3 requests at 0, 150, 350 ms",
        ]),
    .wrong(
        4, "the budget held against the waits alone", deciding(sumsTheWaits),
        rejectedBy: [slowAttempts: "failed: .status(503) · 3 requests at 0, 150, 350 ms"]),
    .wrong(
        4, "every failure retried, a 404 too", deciding(retriesEveryFailure),
        rejectedBy: ["a 404 is sent once": "failed: .status(404) · 3 requests"]),
    .wrong(
        4, "the same wait before every retry", deciding(waitsTheSameEachTime),
        rejectedBy: [
            "the waits between attempts grow: 50 ms, then 100 ms": "waits of 50, 50 ms",
            givesUp: "7 requests at 0, 50, 100, 150, 200, 250, 300 ms",
            longer: "17 requests",
            slowAttempts: "failed: .status(503) · 3 requests at 0, 150, 300 ms",
        ]),
    .wrong(
        4, "a POST sent again", deciding(resendsAnyMethod),
        rejectedBy: ["a POST answered 503 is sent once": "finished · 2 requests"]),
    .wrong(
        4, "retry(2) before the status check",
        RetryWithinBudgetCode { retriedBeforeTheStatusCheck($0, $1, $2, $3) },
        rejectedBy: [
            "a GET that fails twice and then answers ends with the body after 3 requests":
                "failed: .status(503) · 1 request",
            "the waits between attempts grow: 50 ms, then 100 ms": "no waits",
            givesUp: "failed: .status(503) · 1 request at 0 ms",
            longer: "failed: .status(503) · 1 request at 0 ms",
            slowAttempts: "failed: .status(503) · 1 request at 0 ms",
        ]),
    .right(4, "the next wait held against the time left", deciding(waitsWhileTimeIsLeft)),
    .hanging(
        4, "the retry's time awaited by reading the virtual clock in a loop",
        RetryWithinBudgetCode { request, session, budget, scheduler in
            retrying(request, session, budget, scheduler) { clockWatchedInALoop($0, on: scheduler) }
        },
        rejectedBy: AnswerVariant.everyCheck(of: 4, measuring: "hung: URLSession's callback queue")),
]
