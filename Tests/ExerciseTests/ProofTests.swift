import AnswerVariants
import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import LoopbackLab
import SolutionCheckRunner
import StarterCheckRunner
import Testing
import Verdicts

@testable import CheckProcesses

/// The promise every exercise makes: the reference solution passes every check, and the untouched
/// starter fails, each check it fails for the reason the exercise is about. Checks run against the
/// compiled starters and solutions, through the bindings of `StarterCheckRunner` and
/// `SolutionCheckRunner` (never the student's copy, which a learner may have changed), each against
/// a lab of its own: in this process, or, when they need the main thread, in child processes, as
/// `workbook check` runs them.
@Suite("Exercises: solutions pass, starters fail")
struct ProofTests {
    @Test(arguments: exercises.map(\.number))
    func theSolutionPassesEveryCheck(exercise number: Int) async throws {
        let exercise = try #require(exercises.first { $0.number == number })
        let verdicts = try await Self.verdicts(of: exercise, against: .solutions)
        #expect(verdicts.count == exercise.checks.count)
        for (sentence, verdict) in verdicts {
            #expect(verdict.holds, "\(sentence): measured \(verdict.measured), expected \(verdict.expected)")
            #expect(verdict.measured == verdict.expected)
        }
    }

    /// An exercise whose file offers both forms makes the same promise of the form the file does
    /// not name. Those whose answers need a process doing nothing else are proved in
    /// `AwaitedVariantTests`; the others here.
    @Test func theOtherFormOfAFileWithTwoKeepsThePromiseToo() async throws {
        let idle = Set(answerVariants.filter(\.needsAnIdleProcess).map(\.exercise))
        let proofs = try otherFormProofs { !idle.contains($0) }
        #expect(proofs.map(\.name) == ["the starter's other form 3", "the solution's other form 3"])
        for (proof, failures) in zip(proofs, try await measuredFailures(of: proofs)) {
            #expect(failures == proof.failures, "\(proof.name): \(proof.form)")
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
            "a refused connection is offline": "failed: .transport(.cannotConnectToHost)"
        ],
        4: [
            "a GET that always fails gives up when the next wait would overrun 300 ms":
                "failed: .status(503) · 4 requests at 0, 50, 150, 350 ms",
            "with an 800 ms budget, a GET that always fails is sent at 0, 50, 150, 350 and 750 ms":
                "failed: .status(503) · 4 requests at 0, 50, 150, 350 ms",
            "when each attempt takes 100 ms, a GET that always fails is sent at 0 and 150 ms":
                "failed: .status(503) · 4 requests at 0, 150, 350, 650 ms",
            "a POST answered 503 is sent once": "[\(RouteTable.userBody)], finished · 2 requests",
        ],
        5: [
            "keys typed 100 ms apart send one request, for the query the user paused on":
                "the server received \"s\", \"sw\", \"swi\"",
            "a query typed again after a pause sends nothing new and keeps its request":
                "the server received \"swif\", \"swift\", \"swift\" and saw nothing abandoned",
            "the subscriber gets only the latest query's answer":
                "the subscriber got \"results for sw\", \"results for swift\", finished",
            "a superseded request still in flight is cancelled at the server":
                "the server saw nothing abandoned",
        ],
        6: [
            "loading user 1 shows Ada Lovelace": isolationCrash(in: "closure #1"),
            "the model changes on the main thread": isolationCrash(in: "closure #1"),
            "the response is checked and decoded off the main thread": isolationCrash(in: "closure #1"),
            "a missing user shows .status(404)": isolationCrash(in: "closure #2"),
            "loading user 1 while slow user 3 loads leaves user 1 shown and cancels user 3's request":
                isolationCrash(in: "closure #1"),
        ],
        7: [
            "a second fetch sends If-Modified-Since and serves the 304 without decoding":
                "Ada Lovelace, no If-Modified-Since, 2 decodes",
            "after the user changes, a fetch decodes the new user":
                "Augusta Ada King, no If-Modified-Since, 2 decodes",
            "the fetch after that asks with the new date":
                "Augusta Ada King, no If-Modified-Since, 3 decodes",
            "subscribing again to the same publisher asks with the date kept since":
                "Ada Lovelace, no If-Modified-Since, 2 decodes",
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
        9: [
            "decoding runs off the delivery queue": "decoded on the delivery queue",
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
        for (sentence, verdict) in try await Self.verdicts(of: exercise, against: .starters)
        where !verdict.holds {
            measuredFailures[sentence] = verdict.measured
        }
        #expect(measuredFailures == failures)
        #expect(!measuredFailures.isEmpty)
    }

    /// The code a proof runs the checks against.
    enum Code {
        case solutions, starters

        var checkedCode: [any ExerciseCode] {
            switch self {
            case .solutions: SolutionCheckRunner.checkedCode
            case .starters: StarterCheckRunner.checkedCode
            }
        }

        /// The check runner built from these modules, as `NameCheckRunner` is from the student's.
        var runner: URL {
            builtExecutable(named: self == .solutions ? "SolutionCheckRunner" : "StarterCheckRunner")
        }
    }

    /// Each check's sentence and verdict against `code`, in check order. Checks that need the main
    /// thread run as `workbook check` runs them, each in a child process of its own, where the main
    /// thread runs the main run loop and a crash is a failed check that names its signal and frame;
    /// the others run in this process.
    static func verdicts(of exercise: Exercise, against code: Code) async throws -> [(String, Verdict)] {
        guard exercise.checksNeedTheMainThread else {
            let verdicts = try await verdictsInThisProcess(of: exercise, against: code.checkedCode)
            return Array(zip(exercise.checks.map(\.sentence), verdicts))
        }
        // Three at a time, as `workbook check` runs them: the starter crashes in every check, and
        // each crash starts Swift's backtracer; five at once beside two busy processes once left
        // one process frozen past the 60 s limit.
        return await runChecks(of: exercise, runner: code.runner, limits: verdictLimits).map {
            ($0.sentence, $0.verdict)
        }
    }
}

/// What `workbook check` measures when the Swift 6 isolation check stops a check's process in the
/// starter's `closure` (its `map` is closure #1, its `catch` closure #2): the signal and the frame.
/// Under ThreadSanitizer a child keeps its signal or prints its frames, not both, and keeps the
/// signal (see `CrashBacktrace.childEnvironment`).
private func isolationCrash(in closure: String) -> String {
    let signal = "it crashed: \(CheckProcesses.signalDescription(isolationCheckSignal))"
    return underThreadSanitizer ? signal : signal + " in \(closure) in ProfileScreenModel.load(userID:)"
}

/// The signal a failed isolation check stops a process with, as chapter 6 measures it: the
/// processor's trap instruction, an illegal instruction on x86, a breakpoint on ARM.
#if arch(x86_64)
    private let isolationCheckSignal = SIGILL
#else
    private let isolationCheckSignal = SIGTRAP
#endif
