import ExerciseChecks
import ExerciseSupport

private let notFound = "a 404 fails with the server's message"
private let busy = "a 503 fails with the server's message"
private let plainText = "a status whose body is not JSON fails without a message"

let validatedBodyVariants: [AnswerVariant] = [
    .wrong(
        2, "the message read for a 404 only", ValidatedBodyCode { validated($0, decide: messageFor404Only) },
        rejectedBy: [busy: "failed: .refused(503, no message)"]),
    .wrong(
        2, "the raw body as the message", ValidatedBodyCode { validated($0, decide: rawBodyAsMessage) },
        rejectedBy: [
            notFound: #"failed: .refused(404, "{"error": "no such user"}")"#,
            busy: #"failed: .refused(503, "{"error": "try later"}")"#,
            plainText: #"failed: .refused(404, "not found")"#,
        ]),
    .wrong(
        2, "refused when the body decodes as an error, whatever the status",
        ValidatedBodyCode { validated($0, decide: decidedByTheBody) },
        rejectedBy: [
            "user 1's body passes through": "failed: .refused(200, no message)",
            plainText: "[not found], finished",
        ]),
    .wrong(
        2, "tryMap, with a mapError that files a URLError as a refusal",
        ValidatedBodyCode { thrownFromTryMap($0) },
        rejectedBy: ["a refused connection stays a transport failure": "failed: .refused(0, no message)"]),
    .right(
        2, "tryMap, with a mapError that keeps a URLError's code",
        ValidatedBodyCode { narrowedFromTryMap($0) }),
    .hanging(
        2, "the start of the JSON found by a loop that steps over spaces only",
        ValidatedBodyCode { validated($0, decide: spacesSkippedBeforeTheJSON) },
        rejectedBy: [plainText: "hung: URLSession's callback queue"]),
]
