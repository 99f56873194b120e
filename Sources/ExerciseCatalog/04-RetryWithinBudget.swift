extension Exercise {
    /// Chapter 4's exercise.
    public static let retryWithinBudget = Exercise(
        number: 4, chapter: "RetryPlacement", name: "RetryWithinBudget",
        task:
            "Retry with a doubling backoff that gives up when the next wait would overrun a total time budget, and never resend a POST.",
        hint: """
            The starter counts retries; a budget is about time. Note the scheduler's `now` when the first
            attempt starts, and before each retry ask how far the clock has moved since then: when that
            plus the next wait is more than budget.total, fail with the failure you have instead of
            waiting. Measure on the scheduler you were given, never on the wall clock, so the waits can
            be checked in virtual time. And look at the request's httpMethod before retrying at all: a
            POST that failed may still have taken effect, so it is sent once.
            """,
        checks: [
            Check(
                "a GET that fails twice and then answers ends with the body after 3 requests",
                hint: "Retry a 503 after a wait on the scheduler; the third attempt's answer is the value."),
            Check(
                "the waits between attempts grow: 50 ms, then 100 ms",
                hint:
                    "Wait budget.firstWait before the first retry and twice the previous wait before each later one."
            ),
            Check(
                "a GET that always fails gives up when the next wait would overrun 300 ms",
                hint:
                    "Before each retry, add the next wait to the time since the first attempt; over budget.total, give up."
            ),
            Check(
                "with an 800 ms budget, a GET that always fails is sent at 0, 50, 150, 350 and 750 ms",
                hint:
                    "A fixed number of retries fits one budget only: compare the time since the first attempt with budget.total."
            ),
            Check(
                "when each attempt takes 100 ms, a GET that always fails is sent at 0 and 150 ms",
                hint:
                    "Time spent waiting for answers counts too: read scheduler.now when the failure arrives, not a tally of the waits."
            ),
            Check(
                "a POST answered 503 is sent once",
                hint: "Only idempotent methods may be sent again; RetryPolicy.isIdempotent knows which."),
            Check(
                "a 404 is sent once",
                hint: "A 404 will be a 404 next time too: retry only failures that may pass."),
        ])
}
