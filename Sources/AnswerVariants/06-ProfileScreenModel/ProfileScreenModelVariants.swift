import ExerciseCatalog
import ExerciseChecks
import ExerciseSupport

private let race = "loading user 1 while slow user 3 loads leaves user 1 shown and cancels user 3's request"

/// Exercise 6's code loading with `loading`.
private func loadingWith(_ loading: @escaping VariantProfileScreen.Loading) -> ProfileScreenModelCode {
    ProfileScreenModelCode { VariantProfileScreen(baseURL: $0, session: $1, loading: loading) }
}

let profileScreenModelVariants: [AnswerVariant] = [
    .wrong(
        6, "receive(on: main) straight after the request", loadingWith(hopsToMainFirst),
        rejectedBy: [
            "the response is checked and decoded off the main thread":
                "the raw response reached the main thread"
        ]),
    .wrong(
        6, "every load kept, stale results ignored by id", loadingWith(staleResultsIgnoredByID),
        rejectedBy: [
            race: "Ada Lovelace shown at the end, 1 request for user 3 at the server, its request answered"
        ]),
    .wrong(
        6, "every load kept in a set", loadingWith(everyLoadKept),
        rejectedBy: [
            race: "Slow Sam shown at the end, 1 request for user 3 at the server, its request answered"
        ]),
    .wrong(
        6, "the failure swallowed", loadingWith(failureSwallowed),
        rejectedBy: ["a missing user shows .status(404)": "user none, error none"]),
    .right(6, "closures marked @Sendable", loadingWith(sendableClosures)),
    .right(
        6, "a subject of ids through switchToLatest",
        ProfileScreenModelCode { latestOfSubjectScreen(baseURL: $0, session: $1) }),
    .hanging(
        6, "the result awaited on the main thread with a semaphore", loadingWith(resultAwaitedWithASemaphore),
        rejectedBy: AnswerVariant.everyCheck(of: 6, measuring: "blocked main thread")),
]
