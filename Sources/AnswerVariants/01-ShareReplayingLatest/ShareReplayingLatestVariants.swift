import ExerciseChecks
import ExerciseSupport

private let late = "a subscriber that comes after the response gets it at once, with no new request"
private let afresh = "once every subscriber has gone, the next one fetches afresh"

let shareReplayingLatestVariants: [AnswerVariant] = [
    .wrong(
        1, "one replaying subject, connected once and kept for ever",
        ShareReplayingLatestCode { connectedOnceForEver($0) },
        rejectedBy: [afresh: "answer 1 again (replayed an old value), no new request"]),
    .wrong(
        1, "a CurrentValueSubject that the request's completion finishes",
        ShareReplayingLatestCode { completionReachesTheSubject($0) },
        rejectedBy: [late: "the late subscriber got no value", afresh: "the next subscriber got no value"]),
    .wrong(
        1, "a cache in front of the request, no sharing",
        ShareReplayingLatestCode { cachedWithoutSharing($0) },
        rejectedBy: [
            "two subscribers at the same time share one request": "2 values between them, 2 requests",
            afresh: "answer 1 again (replayed an old value), no new request",
        ]),
    .right(1, "subscribers counted by hand", ShareReplayingLatestCode { CountedSubscribers($0).publisher }),
]
