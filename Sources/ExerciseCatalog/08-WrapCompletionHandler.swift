extension Exercise {
    /// Chapter 8's exercise.
    public static let wrapCompletionHandler = Exercise(
        number: 8, chapter: "ThreeWays", name: "WrapCompletionHandler",
        task: "Wrap a completion-handler download as a publisher and as an async function with typed errors.",
        hint: """
            Publisher: a Future runs its closure the moment it is created, so a Future on its own starts
            the download before anyone subscribes; Deferred creates one per subscriber, when it
            subscribes. Keep the DownloadHandle that load returns and cancel it in
            handleEvents(receiveCancel:). The promise is not Sendable and the completion handler is:
            hand the promise over inside a Locked.
            Async: withCheckedThrowingContinuation would widen the error to any Error; resume a
            withCheckedContinuation with the Result, then `try result.get()` throws the APIError itself.
            Put it inside withTaskCancellationHandler and cancel the handle in onCancel. onCancel may run
            before the download has started (at once, for a task cancelled already), so remember the
            cancel and do not start the download after it.
            """,
        checks: [
            Check(
                "the publisher delivers user 1",
                hint: "Start the download when someone subscribes and send its user, then finish."),
            Check(
                "the publisher fails a 404 with .status(404)",
                hint: "The download's failure is already an APIError: fail with it as it is."),
            Check(
                "the publisher fails a refused connection with .transport(.cannotConnectToHost)",
                hint: "Transport failures come from the download as .transport(code): pass them on."),
            Check(
                "creating the publisher sends no request",
                hint: "Future starts at once; wrap it in Deferred so the download starts on subscription."),
            Check(
                "cancelling the subscription cancels the request",
                hint: "Keep the DownloadHandle and call its cancel() from handleEvents(receiveCancel:)."),
            Check(
                "the async function returns user 1",
                hint:
                    "Suspend in withCheckedContinuation until the download calls back, then return the user."),
            Check(
                "the async function throws .status(404) for a 404",
                hint: "Resume the continuation with the download's Result and throw with result.get()."),
            Check(
                "the async function throws .transport(.cannotConnectToHost) for a refused connection",
                hint: "The download's transport failure is the error to throw, code and all."),
            Check(
                "cancelling the task cancels the request",
                hint:
                    "Wrap the continuation in withTaskCancellationHandler and cancel the handle in onCancel."),
            Check(
                "a task cancelled before the call throws .transport(.cancelled)",
                hint:
                    "onCancel has already run when the call begins: note the cancel where the operation sees it, and do not start."
            ),
        ])
}
