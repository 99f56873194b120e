import ExerciseChecks
import ExerciseSupport
import Foundation

private let unchanged = "a second fetch sends If-Modified-Since and serves the 304 without decoding"
private let newDate = "the fetch after that asks with the new date"
private let resubscribed = "subscribing again to the same publisher asks with the date kept since"

let modifiedSinceLoaderVariants: [AnswerVariant] = [
    .wrong(
        7, "decoded with a JSONDecoder of its own",
        ModifiedSinceLoaderCode { session, _ in DatedLoaderVariant(session: session, decoder: JSONDecoder())
        },
        rejectedBy: [
            "the first fetch decodes the user": "Ada Lovelace, no If-Modified-Since, 0 decodes",
            unchanged: "0 decodes",
            "after the user changes, a fetch decodes the new user": "0 decodes",
            newDate: "0 decodes",
            resubscribed: "0 decodes",
        ]),
    .wrong(
        7, "the status checked before a 304 is looked for",
        ModifiedSinceLoaderCode { StatusCheckingLoader(session: $0, decoder: $1, recovers304: false) },
        rejectedBy: [
            unchanged: "failed: .status(304), If-Modified-Since Sun, 01 Nov 2026 09:00:00 GMT, 1 decode",
            newDate: "failed: .status(304), If-Modified-Since Sun, 01 Nov 2026 10:30:00 GMT, 2 decodes",
            resubscribed: "failed: .status(304)",
        ]),
    .wrong(
        7, "the first date kept for ever",
        ModifiedSinceLoaderCode {
            DatedLoaderVariant(session: $0, decoder: $1, keeping: firstDateKeptForEver)
        },
        rejectedBy: [newDate: "Augusta Ada King, If-Modified-Since Sun, 01 Nov 2026 09:00:00 GMT, 3 decodes"]),
    .wrong(
        7, "the request built when the publisher is made, not in Deferred",
        ModifiedSinceLoaderCode { DatedLoaderVariant(session: $0, decoder: $1, buildsOnSubscription: false) },
        rejectedBy: [resubscribed: "Ada Lovelace, no If-Modified-Since, 2 decodes"]),
    .right(
        7, "a 304 recovered with catch after the status check",
        ModifiedSinceLoaderCode { StatusCheckingLoader(session: $0, decoder: $1, recovers304: true) }),
]
