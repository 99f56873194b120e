import CheckProcesses
import ExerciseCatalog
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

/// Where `check` writes the reports graders and CI read; nil leaves one out.
public struct GraderReportPaths: Equatable, Sendable {
    /// A JUnit XML report.
    public var junit: String?
    /// Exercism's `results.json`, version 3.
    public var results: String?
    /// A Markdown summary, added at the end of the file (a GitHub Actions job summary is one).
    public var summary: String?

    /// Names the reports to write; each left nil is not written.
    public init(junit: String? = nil, results: String? = nil, summary: String? = nil) {
        (self.junit, self.results, self.summary) = (junit, results, summary)
    }
}

/// Writes each report `paths` names; false, after saying why, when one cannot be written.
public func writeGraderReports(_ outcomes: [ExerciseOutcome], to paths: GraderReportPaths) -> Bool {
    if let path = paths.junit, !writeReport(Data(junitReport(outcomes).utf8), named: "JUnit report", to: path)
    {
        return false
    }
    if let path = paths.results,
        !writeReport(
            (try? ExercismResults(outcomes).encoded()) ?? Data(), named: "Exercism results", to: path)
    {
        return false
    }
    if let path = paths.summary {
        return appendReport(Data(markdownSummary(outcomes).utf8), named: "summary", to: path)
    }
    return true
}

/// Writes a report a grader reads to `path`, saying where; false, after saying why, when it cannot.
///
/// The file is replaced whole (written beside it, then moved over it), so that a run stopped
/// part-way leaves the last complete report, never half of one. `quietly` says nothing on success.
func writeReport(_ data: Data, named kind: String, to path: String, quietly: Bool = false) -> Bool {
    do {
        try data.write(to: URL(filePath: path), options: .atomic)
        if !quietly { say("\(kind) written to \(path)") }
        return true
    } catch {
        complain("workbook: could not write the \(kind) to \(path): \(error.localizedDescription)")
        return false
    }
}

/// Adds a report at the end of the file at `path`, creating it if need be; false, after saying
/// why, when it cannot.
func appendReport(_ data: Data, named kind: String, to path: String) -> Bool {
    do {
        if !FileManager.default.fileExists(atPath: path) {
            try Data().write(to: URL(filePath: path))
        }
        let file = try FileHandle(forWritingTo: URL(filePath: path))
        defer { try? file.close() }
        try file.seekToEnd()
        try file.write(contentsOf: data)
        say("\(kind) added to \(path)")
        return true
    } catch {
        complain("workbook: could not add the \(kind) to \(path): \(error.localizedDescription)")
        return false
    }
}
