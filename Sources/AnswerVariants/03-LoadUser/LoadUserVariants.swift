import ExerciseChecks
import ExerciseSupport

let loadUserVariants: [AnswerVariant] = [
    .wrong(
        3, "every transport failure offline",
        LoadUserCode { loadTranslating($0, $1, everyTransportFailureOffline) },
        rejectedBy: [
            "a timeout is not offline": "failed: .offline",
            "a dropped connection is not offline": "failed: .offline",
        ]),
    .wrong(
        3, "a timeout taken for offline", LoadUserCode { loadTranslating($0, $1, timeoutOffline) },
        rejectedBy: ["a timeout is not offline": "failed: .offline"]),
    .wrong(
        3, "decoded without a status check", LoadUserCode { decodedWithoutValidation($0, $1) },
        rejectedBy: ["a 404 is the server saying no": "failed: .unreadable"]),
    .wrong(
        3, "fetchUser with the user's URL as its base", LoadUserCode { baseURLMistaken($0, $1) },
        rejectedBy: [
            "user 1 arrives decoded": "failed: .serverSaidNo(404)",
            "a timeout is not offline": "failed: .serverSaidNo(404)",
            "a dropped connection is not offline": "failed: .serverSaidNo(404)",
        ]),
    .right(3, "each step failing with its own LoadError", LoadUserCode { loadedStepByStep($0, $1) }),
    .right(
        3, "only a refused connection offline", LoadUserCode { loadTranslating($0, $1, onlyRefusalOffline) }),
    // The async function, failing the same checks as its Combine twin above, with the same words.
    .wrong(
        3, "async: every URLError .transport, as the starter",
        LoadUserCode(awaited: { (url, session) async throws(LoadError) in
            try await awaitedTranslating(url, session, everyCodeTransport)
        }),
        rejectedBy: ["a refused connection is offline": "failed: .transport(.cannotConnectToHost)"]),
    .wrong(
        3, "async: every transport failure offline",
        LoadUserCode(awaited: { (url, session) async throws(LoadError) in
            try await awaitedTranslating(url, session, everyCodeOffline)
        }),
        rejectedBy: [
            "a timeout is not offline": "failed: .offline",
            "a dropped connection is not offline": "failed: .offline",
        ]),
    .wrong(
        3, "async: decoded without a status check", LoadUserCode(awaited: awaitedWithoutStatusCheck),
        rejectedBy: ["a 404 is the server saying no": "failed: .unreadable"]),
    .wrong(
        3, "async: the status thrown inside the catch-all do", LoadUserCode(awaited: awaitedInOneCatch),
        rejectedBy: ["a 404 is the server saying no": "failed: .transport(.unknown)"]),
    .right(
        3, "async: only a refused connection offline",
        LoadUserCode(awaited: { (url, session) async throws(LoadError) in
            try await awaitedTranslating(url, session, onlyRefusedCodeOffline)
        })),
]
