extension Exercise {
    /// Chapter 5's exercise.
    public static let latestSearch = Exercise(
        number: 5, chapter: "Cancellation", name: "LatestSearch",
        task:
            "Search as the user types: wait for a 300 ms pause, skip a repeated query, and let each new query cancel the request before it.",
        hint: """
            Two operators go before the requests are made: debounce(for: .milliseconds(300), scheduler:
            scheduler) lets a query through only once no newer one has come for 300 ms, and
            removeDuplicates() then drops a query equal to the one let through before it. After them,
            map each query to its request and join the requests with switchToLatest() instead of
            flatMap: each new request makes it cancel the one before, which closes that connection,
            while flatMap keeps every request going and delivers every answer, however stale.
            Answering in async (searchForm = .async)? The same three steps, by hand: for each
            query, cancel the Task waiting out the pause before it and start one that sleeps 300 ms on
            the clock you are given, then passes the query on; skip a query equal to the last one passed
            on; and keep the Task of the request under way, cancelling it only when starting the next,
            never for a key typed (the text may come back to the query sent). A task group cannot
            cancel one child alone. A cancelled request throws: that must not end the answers.
            """,
        checks: [
            Check(
                "keys typed 100 ms apart send one request, for the query the user paused on",
                hint:
                    "debounce on the scheduler you are given, for 300 ms, before making requests; in async, sleep 300 ms on the clock you are given, in a Task that the next key cancels."
            ),
            Check(
                "a query typed again after a pause sends nothing new and keeps its request",
                hint:
                    "removeDuplicates() after the debounce drops a query equal to the one sent before, and switchToLatest() cancels a request only for a new one. In async, compare each query the pause lets through with the last one sent, and cancel the request only when sending another: not when a key is typed."
            ),
            Check(
                "the subscriber gets only the latest query's answer",
                hint:
                    "switchToLatest() delivers only the newest request's answer; flatMap delivers them all. In async, keep the request's Task and cancel it when the next one starts; the cancelled request's error must not end the answers."
            ),
            Check(
                "a superseded request still in flight is cancelled at the server",
                hint:
                    "Ignoring an old answer is not enough: switchToLatest() cancels the old request (in async, cancel its Task), and the server sees its client leave."
            ),
        ])
}
