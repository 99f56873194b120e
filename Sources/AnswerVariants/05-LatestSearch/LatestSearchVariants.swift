import ExerciseChecks
import ExerciseSupport

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
        rejectedBy: [
            "a query typed again after a pause sends nothing new":
                #"the server received "swift", "swift""#
        ]),
    .right(5, "duplicates dropped with scan", LatestSearchCode { settledQueriesScanned($0, $1, $2) }),
]
