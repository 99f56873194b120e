extension Exercise {
    /// Chapter 9's exercise.
    public static let userListModel = Exercise(
        number: 9, chapter: "CodeReview", name: "UserListModel",
        task: "Fix the review findings in the list screen model.",
        hint: """
            Go down the chain as the chapter's review did. Everything after receive(on:) runs on the
            delivery queue, so hop after the work, not before it. A 404 or a 500 is a response, not a
            failure, until a status check (chapter 3's validatingStatus) makes it one, and only then
            can the message name it. The server sends "id": 1. A cancelled subscription never
            completes (chapter 5), so the sink cannot be what turns the indicator off. And a retry
            only sees failures: put it after the status check, with chapter 4's policy
            (validatingStatus(retrying:scheduler:)) so that a 404 is not sent again.
            """,
        checks: [
            Check(
                "decoding runs off the delivery queue",
                hint: "Move receive(on:) after decode: everything after it runs on the delivery queue."),
            Check(
                "a 404 shows a message that names the 404",
                hint: "Check the status before decoding, and word the message from the status."),
            Check(
                "a 500 shows a message that names the 500",
                hint: "Every status outside 200...299 is a failure with its status, 5xx included."),
            Check(
                "the server's list shows its three users",
                hint: "The server's ids are JSON integers; a UUID decodes only from a string."),
            Check(
                "closing the screen mid-load turns the loading indicator off",
                hint: "A cancelled subscription never completes: turn the indicator off where you cancel."),
            Check(
                "a list that answers 503 twice is retried until it answers",
                hint: "retry sees only failures: put it after the status check."),
            Check(
                "a 404 is asked for once",
                hint:
                    "A missing list will be missing next time too: retry only what may pass (chapter 4's policy)."
            ),
        ])
}
