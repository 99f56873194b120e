import CheckProcesses
import Foundation

/// A `results.json` in the format of Exercism's test runners (version 3), which graders and
/// dashboards built for Exercism read: one test per check, its `task_id` the exercise's number.
///
/// The run's `status` is `error` when no check could run at all (the code did not compile), `fail`
/// when any check did not pass, `pass` otherwise; only an `error` has a top-level `message`.
struct ExercismResults: Codable, Equatable {
    var version = 3
    var status: Status
    var message: String?
    var tests: [Test]

    enum Status: String, Codable {
        case pass, fail, error
    }

    /// One check's result. A failed check's `message` says what it expected and measured; a check
    /// that could not run, because its exercise did not compile, is an `error` with the compiler's.
    struct Test: Codable, Equatable {
        var name: String
        var status: Status
        var message: String?
        /// What the code under check printed when its process ended without a verdict, as
        /// Exercism allows it: at most 500 characters.
        var output: String?
        var taskID: Int
        var testCode: String?

        enum CodingKeys: String, CodingKey {
            case name, status, message, output
            case taskID = "task_id"
            case testCode = "test_code"
        }
    }
}

extension ExercismResults {
    init(_ outcomes: [ExerciseOutcome]) {
        tests = outcomes.flatMap { outcome in
            outcome.exercise.checks.enumerated().map { index, check in
                let name = "exercise \(outcome.exercise.number): \(check.sentence)"
                let number = outcome.exercise.number
                guard outcome.results.indices.contains(index) else {
                    return Test(
                        name: name, status: .error, message: outcome.buildFailure ?? "the check did not run",
                        taskID: number)
                }
                let result = outcome.results[index]
                guard !result.verdict.holds else { return Test(name: name, status: .pass, taskID: number) }
                let output = result.output.joined(separator: "\n")
                return Test(
                    name: name, status: .fail,
                    message:
                        "expected: \(result.verdict.expected)\nmeasured: \(result.verdict.measured)\nhint: \(result.hint)",
                    output: output.isEmpty ? nil : String(output.prefix(500)), taskID: number)
            }
        }
        let nothingRan = outcomes.allSatisfy { $0.results.isEmpty }
        if nothingRan, let failure = outcomes.lazy.compactMap(\.buildFailure).first {
            status = .error
            message = failure
        } else {
            status = tests.allSatisfy { $0.status == .pass } ? .pass : .fail
        }
    }

    /// The JSON, keys sorted so that two runs with the same results write the same bytes.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// Writes the reports a grader asked `check` for: a JUnit report to `junitPath` and Exercism's
/// `results.json` to `resultsPath`, each only when asked; false, after saying why, when one cannot.
public func writeGraderReports(
    _ outcomes: [ExerciseOutcome], junitPath: String?, resultsPath: String?
) -> Bool {
    if let junitPath, !writeReport(Data(junitReport(outcomes).utf8), named: "JUnit report", to: junitPath) {
        return false
    }
    if let resultsPath,
        !writeReport(
            (try? ExercismResults(outcomes).encoded()) ?? Data(), named: "Exercism results", to: resultsPath)
    {
        return false
    }
    return true
}

/// Writes a report a grader reads to `path`, saying where; false, after saying why, when it cannot.
func writeReport(_ data: Data, named kind: String, to path: String) -> Bool {
    do {
        try data.write(to: URL(filePath: path))
        say("\(kind) written to \(path)")
        return true
    } catch {
        complain("workbook: could not write the \(kind) to \(path): \(error.localizedDescription)")
        return false
    }
}
