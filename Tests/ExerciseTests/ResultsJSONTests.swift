import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import Testing
import Verdicts

@testable import CheckProcesses
@testable import Classroom

/// `check --results` writes Exercism's results.json, version 3: a grader built for Exercism reads
/// one test per check, with the exercise as its task.
@Suite("Workbook: Exercism's results.json")
struct ResultsJSONTests {
    private func results(
        of exercise: Exercise, passing: (Int) -> Bool, output: [String] = []
    ) -> [CheckResult] {
        exercise.checks.enumerated().map { index, check in
            CheckResult(
                sentence: check.sentence, hint: check.hint,
                verdict: Verdict(expected: "1 request", measured: "3 requests", holds: passing(index)),
                output: output, duration: .milliseconds(10))
        }
    }

    /// The JSON as a grader reads it: plain dictionaries, not this package's types.
    private func json(_ outcomes: [ExerciseOutcome]) throws -> [String: Any] {
        let data = try ExercismResults(outcomes).encoded()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func everyCheckIsATestWithItsExerciseAsTaskAndAFailedOneSaysWhatWasMeasured() throws {
        let first = exercises[0]
        let second = exercises[1]
        let document = try json([
            ExerciseOutcome(exercise: first, results: results(of: first) { _ in true }, buildFailure: nil),
            ExerciseOutcome(
                exercise: second,
                results: results(of: second, passing: { $0 != 1 }, output: ["Fatal error: boom"]),
                buildFailure: nil),
        ])
        #expect(document["version"] as? Int == 3)
        #expect(document["status"] as? String == "fail")
        #expect(document["message"] == nil)
        let tests = try #require(document["tests"] as? [[String: Any]])
        #expect(tests.count == first.checks.count + second.checks.count)
        #expect(
            tests.map { $0["task_id"] as? Int } == first.checks.map { _ in 1 } + second.checks.map { _ in 2 })
        #expect(tests[0]["name"] as? String == "exercise 1: " + first.checks[0].sentence)
        #expect(tests[0]["status"] as? String == "pass")
        #expect(tests[0]["message"] == nil)
        let failed = tests[first.checks.count + 1]
        #expect(failed["status"] as? String == "fail")
        #expect(
            failed["message"] as? String
                == "expected: 1 request\nmeasured: 3 requests\nhint: \(second.checks[1].hint)")
        #expect(failed["output"] as? String == "Fatal error: boom")
    }

    @Test func codeThatDoesNotCompileIsAnErrorWithTheCompilersMessage() throws {
        let exercise = exercises[2]
        let document = try json([
            ExerciseOutcome(exercise: exercise, results: [], buildFailure: "LoadUser.swift:3:1: error: oops")
        ])
        #expect(document["status"] as? String == "error")
        #expect(document["message"] as? String == "LoadUser.swift:3:1: error: oops")
        let tests = try #require(document["tests"] as? [[String: Any]])
        #expect(tests.count == exercise.checks.count)
        #expect(tests.allSatisfy { $0["status"] as? String == "error" && $0["task_id"] as? Int == 3 })
    }

    @Test func aBrokenExerciseBesideOneThatRanFailsTheRunButErrsOnlyItsOwnTests() throws {
        let ran = exercises[0]
        let broken = exercises[1]
        let document = try json([
            ExerciseOutcome(exercise: ran, results: results(of: ran) { _ in true }, buildFailure: nil),
            ExerciseOutcome(exercise: broken, results: [], buildFailure: "error: oops"),
        ])
        #expect(document["status"] as? String == "fail")
        let tests = try #require(document["tests"] as? [[String: Any]])
        #expect(tests.filter { $0["status"] as? String == "error" }.count == broken.checks.count)
    }

    @Test func everyCheckPassingPasses() throws {
        let exercise = exercises[3]
        let document = try json([
            ExerciseOutcome(
                exercise: exercise, results: results(of: exercise) { _ in true }, buildFailure: nil)
        ])
        #expect(document["status"] as? String == "pass")
    }
}
