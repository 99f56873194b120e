import ExerciseChecks
import Solutions
import Starters
import Testing
import Workbook

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
        4: [
            "a GET that always fails gives up when the next wait would overrun 300 ms":
                "failed: .status(503) · 4 requests at 0, 50, 150, 350 ms",
            "a POST answered 503 is sent once": "[\(RouteTable.userBody)], finished · 2 requests",
        ],
        5: [
            "keys typed 100 ms apart send one request, for the query the user paused on":
                "the server received \"s\", \"sw\", \"swi\"",
            "a query typed again after a pause sends nothing new":
                "the server received \"swif\", \"swift\", \"swift\", \"swiftui\"",
            "the subscriber gets only the latest query's answer":
                "the subscriber got \"results for sw\", \"results for swift\", finished",
            "a superseded request still in flight is cancelled at the server":
                "the server saw nothing abandoned",
        ],
        8: [
            "the publisher delivers user 1": "no value, finished",
            "the publisher fails a 404 with .status(404)": "no value, finished",
            "the publisher fails a refused connection with .transport(.cannotConnectToHost)":
                "no value, finished",
            "cancelling the subscription cancels the request":
                "no value, 1 completion; the server never got the request",
            "the async function returns user 1": "threw .transport(.unknown)",
            "the async function throws .status(404) for a 404": "threw .transport(.unknown)",
            "the async function throws .transport(.cannotConnectToHost) for a refused connection":
                "threw .transport(.unknown)",
            "cancelling the task cancels the request":
                "threw .transport(.unknown); the server never got the request",
            "a task cancelled before the call throws .transport(.cancelled)":
                "threw .transport(.unknown)",
        ],
    ]

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
