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
]
