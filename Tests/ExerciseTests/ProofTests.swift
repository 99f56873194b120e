import ExerciseChecks
import Solutions
import Starters
import Testing

/// The promise every exercise makes: the reference solution passes every check, and the untouched
/// starter fails, each check it fails for the reason the exercise is about. Checks run in this
/// process, each against a lab of its own, against the compiled `Solutions` and `Starters` modules
/// (never the student's copy, which a learner may have changed).
@Suite("Exercises: solutions pass, starters fail")
struct ProofTests {
    @Test(arguments: exercises.map(\.number))
    func theSolutionPassesEveryCheck(exercise number: Int) async throws {
        let exercise = try #require(exercises.first { $0.number == number })
        for check in exercise.checks {
            let verdict = try await check.run(against: Solutions.checkedCode)
            #expect(
                verdict.passed,
                "\(check.sentence): measured \(verdict.measured), expected \(verdict.expected)")
            #expect(verdict.measured == verdict.expected)
        }
    }

    /// What each starter measures on the checks it fails; every other check it passes.
    static let starterFailures: [Int: [String: String]] = [
        1: [
            "a subscriber that comes after the response gets it at once, with no new request":
                "the late subscriber got no value, no new request",
            "once every subscriber has gone, the next one fetches afresh":
                "the next subscriber got no value, no new request",
        ],
        2: [
            "a 404 fails with the server's message": "failed: .refused(404, no message)",
            "a 503 fails with the server's message": "failed: .refused(503, no message)",
        ],
        3: [
            "a refused connection is offline": "failed: .transport(.cannotConnectToHost)",
            "a server that never answers in time is offline": "failed: .transport(.timedOut)",
        ],
        9: [
            "decoding runs before the hop to the delivery queue": "decoded on the delivery queue",
            "a 404 shows a message that names the 404": "no users, “\(unreadableDataMessage)”",
            "a 500 shows a message that names the 500": "no users, “\(unreadableDataMessage)”",
            "the server's list shows its three users":
                "no users, “\(unreadableDataMessage)”; the decoder threw DecodingError.typeMismatch(String) at [0].id",
            "closing the screen mid-load turns the loading indicator off":
                "the request cancelled, still loading",
            "a list that answers 503 twice is retried until it answers":
                "1 request; no users, “\(unreadableDataMessage)”",
        ],
    ]

    /// What `localizedDescription` says for any `DecodingError`, which the untouched starter of
    /// exercise 9 shows: Linux Foundation's words and Apple's.
    #if os(Linux)
        static let unreadableDataMessage =
            "The operation could not be completed. The data isn’t in the correct format."
    #else
        static let unreadableDataMessage = "The data couldn’t be read because it isn’t in the correct format."
    #endif

    @Test(arguments: exercises.map(\.number))
    func theUntouchedStarterFailsTheChecksTheExerciseIsAbout(exercise number: Int) async throws {
        let exercise = try #require(exercises.first { $0.number == number })
        let failures = try #require(
            Self.starterFailures[number], "no starter failures listed for exercise \(number)")
        var measuredFailures: [String: String] = [:]
        for check in exercise.checks {
            let verdict = try await check.run(against: Starters.checkedCode)
            if !verdict.passed { measuredFailures[check.sentence] = verdict.measured }
        }
        #expect(measuredFailures == failures)
        #expect(!measuredFailures.isEmpty)
    }
}
