import ExerciseCatalog
import ExerciseChecks
import ExerciseSupport

/// Exercise 9's code loading through `pipeline`.
private func loading(
    closingStopsLoading: Bool = true, _ pipeline: @escaping VariantListScreen.Pipeline
) -> UserListModelCode {
    UserListModelCode {
        VariantListScreen(source: $0, closingStopsLoading: closingStopsLoading, pipeline: pipeline)
    }
}

private let unreadable = "“The list could not be read.”"

let userListModelVariants: [AnswerVariant] = [
    .wrong(
        9, "receive(on:) before decoding", loading(hopsBeforeDecoding),
        rejectedBy: ["decoding runs off the delivery queue": "decoded on the delivery queue"]),
    .wrong(
        9, "no status check", loading(decodedUnchecked),
        rejectedBy: [
            "a 404 shows a message that names the 404": "no users, " + unreadable,
            "a 500 shows a message that names the 500": "no users, " + unreadable,
            "a list that answers 503 twice is retried until it answers": "1 request; no users, " + unreadable,
        ]),
    .wrong(
        9, "ids as UUID", loading(uuidIDs),
        rejectedBy: [
            "the server's list shows its three users":
                "the decoder threw DecodingError.typeMismatch(String) at [0].id",
            "a list that answers 503 twice is retried until it answers": "3 requests; no users, "
                + unreadable,
        ]),
    .wrong(
        9, "the indicator left on when the screen closes",
        loading(closingStopsLoading: false, reviewedPipeline),
        rejectedBy: [
            "closing the screen mid-load turns the loading indicator off":
                "the request cancelled, still loading"
        ]),
    .wrong(
        9, "retry(3) before the status check", loading(retriedBeforeValidation),
        rejectedBy: [
            "a list that answers 503 twice is retried until it answers":
                "1 request; no users, “The server could not give the list (503).”"
        ]),
    .wrong(
        9, "retry(2) after the status check, a 404 retried too", loading(everyStatusRetried),
        rejectedBy: ["a 404 is asked for once": "3 requests"]),
    .right(9, "decoded after receive(on:) a serial queue of its own", loading(decodedOnAQueueOfItsOwn)),
]
