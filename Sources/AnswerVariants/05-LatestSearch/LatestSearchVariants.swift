import ExerciseChecks
import ExerciseSupport

private let quickTyping = "keys typed 100 ms apart send one request, for the query the user paused on"
private let repeated = "a query typed again after a pause sends nothing new and keeps its request"
private let latestOnly = "the subscriber gets only the latest query's answer"
private let cancelled = "a superseded request still in flight is cancelled at the server"

let latestSearchVariants: [AnswerVariant] = [
    .wrong(
        5, "flatMap instead of switchToLatest", LatestSearchCode { everyRequestFollowed($0, $1, $2) },
        rejectedBy: [
            latestOnly: #"the subscriber got "results for sw", "results for swift", finished"#,
            cancelled: "the server saw nothing abandoned",
        ]),
    .wrong(
        5, "stale answers ignored by query, their requests left running",
        LatestSearchCode { staleAnswersIgnored($0, $1, $2) },
        rejectedBy: [cancelled: "the server saw nothing abandoned"]),
    .wrong(
        5, "removeDuplicates before debounce", LatestSearchCode { duplicatesRemovedTooEarly($0, $1, $2) },
        rejectedBy: [repeated: #"the server received "swift", "swift""#]),
    .right(5, "duplicates dropped with scan", LatestSearchCode { settledQueriesScanned($0, $1, $2) }),
]

/// The async answers. Each check waits on the answer's own tasks, so they are proved in a test
/// process doing nothing else.
let awaitedLatestSearchVariants = awaitedAnswers.map(\.provedInAnIdleProcess)

/// Each wrong one fails the same checks as its Combine twin above, with the same words, or is a
/// mistake only the async form invites.
private let awaitedAnswers: [AnswerVariant] = [
    .wrong(
        5, "async: every request followed in a task group",
        LatestSearchCode(awaited: awaitedEveryRequestFollowed),
        rejectedBy: [
            latestOnly: #"the subscriber got "results for sw", "results for swift", finished"#,
            cancelled: "the server saw nothing abandoned",
        ]),
    .wrong(
        5, "async: stale answers ignored by query, their requests left running",
        LatestSearchCode(awaited: awaitedStaleAnswersIgnored),
        rejectedBy: [cancelled: "the server saw nothing abandoned"]),
    .wrong(
        5, "async: no pause, each key cancelling the request before",
        LatestSearchCode(awaited: awaitedWithoutAPause),
        rejectedBy: [
            quickTyping: #"the server received "s", "sw", "swi""#,
            repeated: #"the server received "swif", "swift", "swift""#,
        ]),
    .wrong(
        5, "async: the cancelled request's error ending the answers",
        LatestSearchCode(awaited: awaitedCancelEndingTheAnswers),
        rejectedBy: [latestOnly: "the subscriber got nothing, finished"]),
    .wrong(
        5, "async: one Task per key, its pause and its request together",
        LatestSearchCode(awaited: awaitedOneTaskPerKey),
        rejectedBy: [repeated: #"the server received "swift" and saw "swift" abandoned"#]),
    .right(5, "async: the latest request kept by an actor", LatestSearchCode(awaited: awaitedThroughAnActor)),
]
