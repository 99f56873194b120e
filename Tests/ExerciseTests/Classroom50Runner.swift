import ChildProcesses
import Foundation

@testable import Classroom

/// Classroom 50's grading of a submission by declarative tests, by the rules of its runner
/// (`runner.py` in foundation50/classroom50) and no others:
///
/// - Each test's `setup`, then its `run`, is a shell command (`/bin/sh -c`) run in the student's
///   checkout with the job's environment and `CLASSROOM50_BUNDLE_DIR` naming the bundle; each is
///   bounded by the test's `timeout` on its own (10 s when it has none).
/// - A `run` test passes when its command exits with `exit-code` (0); it then scores its `points`,
///   else 0. A setup that fails or times out fails its test. Every test runs whatever the others did.
/// - The result is a `classroom50/result/v1` document: identity fields from the job, `score` and
///   `max-score` the sums of the rows, a row per test `{test-name, passed, score, max-score}`; the
///   runner's `validate_result` rules (`Classroom50Result.problems`) decide whether it counts.
///
/// Not modelled: fetching the bundle, the container, the release. (Here `timeout(1)` kills what a
/// command started at its limit, so that no leftover keeps the simulation waiting.)
struct Classroom50Runner {
    let tests: [DeclarativeTest]
    let bundle: URL

    /// One test's row, and what its commands printed.
    struct Row {
        let test: DeclarativeTest
        let passed: Bool
        let output: String
        let duration: Duration
    }

    func grade(checkout: URL) async throws -> (result: Classroom50Result, rows: [Row]) {
        var rows: [Row] = []
        for test in tests {
            let start = ContinuousClock.now
            let timeout = test.timeout == 0 ? 10 : test.timeout
            var output = ""
            var passed = true
            if let setup = test.setup {
                let ran = try await shell(setup, in: checkout, timeout: timeout)
                output += ran.output
                passed = ran.status == 0
            }
            if passed {
                let ran = try await shell(test.run, in: checkout, timeout: timeout)
                output += ran.output
                passed = ran.status == 0
            }
            rows.append(
                Row(test: test, passed: passed, output: output, duration: ContinuousClock.now - start))
        }
        let result = Classroom50Result(
            classroom: "combine-fall", assignment: "combine",
            submission: "submit/2026-12-07T05-00-00Z-abcdef1",
            tests: rows.map {
                .init(
                    testName: $0.test.name, passed: $0.passed, score: $0.passed ? $0.test.points : 0,
                    maxScore: $0.test.points)
            })
        return (result, rows)
    }

    private func shell(
        _ command: String, in folder: URL, timeout: Int
    ) async throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["CLASSROOM50_BUNDLE_DIR"] = bundle.path
        let run = try await runChildProcess(
            URL(filePath: "/usr/bin/timeout"),
            arguments: [
                "--kill-after=5", "\(timeout)", "/bin/sh", "-c", "cd \"$0\" && " + command, folder.path,
            ],
            environment: environment)
        guard case .exited(let status) = run.ending else { return (-1, run.output + run.errors) }
        return (status, run.output + run.errors)
    }
}

/// A `classroom50/result/v1` document, as the runner writes it for declarative tests and reads
/// back from any autograder.
struct Classroom50Result: Codable, Equatable {
    struct Test: Codable, Equatable {
        let testName: String
        let passed: Bool
        let score: Int
        let maxScore: Int

        enum CodingKeys: String, CodingKey {
            case testName = "test-name"
            case passed, score
            case maxScore = "max-score"
        }
    }

    var schema = "classroom50/result/v1"
    let classroom: String
    let assignment: String
    var assignmentType = "individual"
    var owner = "ada"
    let submission: String
    var commit = "https://github.com/combine-fall/combine-fall-combine-ada/commit/abcdef1"
    var release = "https://github.com/combine-fall/combine-fall-combine-ada/releases/tag/submit%2F2026"
    var review = "https://github.com/combine-fall/combine-fall-combine-ada/compare/0000000...abcdef1"
    var datetime = "2026-12-07T05:00:00Z"
    let score: Int
    let maxScore: Int
    let tests: [Test]

    enum CodingKeys: String, CodingKey {
        case schema, classroom, assignment, owner, submission, commit, release, review, datetime, score, tests
        case assignmentType = "assignment_type"
        case maxScore = "max-score"
    }

    init(classroom: String, assignment: String, submission: String, tests: [Test]) {
        (self.classroom, self.assignment, self.submission, self.tests) = (
            classroom, assignment, submission, tests
        )
        score = tests.map(\.score).reduce(0, +)
        maxScore = tests.map(\.maxScore).reduce(0, +)
    }

    /// What the runner's `validate_result` would refuse in the document `json`, for a job of
    /// `classroom` and `assignment`: empty when it counts.
    static func problems(in json: Data, classroom: String, assignment: String) -> [String] {
        guard let document = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            return ["not a JSON object"]
        }
        var problems: [String] = []
        func integer(_ value: Any?) -> Int? {
            // JSON's true and false, and 4.0, are not integers to the runner.
            let text = value.map { "\($0)" } ?? ""
            guard let number = value as? Int, !["true", "false"].contains(text), !text.contains(".") else {
                return nil
            }
            return number
        }
        if document["schema"] as? String != "classroom50/result/v1" { problems.append("schema") }
        if document["classroom"] as? String != classroom { problems.append("classroom") }
        if document["assignment"] as? String != assignment { problems.append("assignment") }
        if !["individual", "group"].contains(document["assignment_type"] as? String ?? "") {
            problems.append("assignment_type")
        }
        if (document["submission"] as? String)?.hasPrefix("submit/") != true { problems.append("submission") }
        for key in ["owner", "commit", "release", "review", "datetime"]
        where (document[key] as? String ?? "").isEmpty {
            problems.append(key)
        }
        let score = integer(document["score"])
        let maximum = integer(document["max-score"])
        if score == nil || maximum == nil || score! < 0 || score! > maximum! { problems.append("score") }
        guard let tests = document["tests"] as? [[String: Any]] else { return problems + ["tests"] }
        for (index, test) in tests.enumerated() {
            let testScore = integer(test["score"])
            let testMaximum = integer(test["max-score"])
            if (test["test-name"] as? String ?? "").isEmpty || !(test["passed"] is Bool)
                || testScore == nil || testMaximum == nil || testScore! < 0 || testScore! > testMaximum!
            {
                problems.append("tests[\(index)]")
            }
        }
        return problems
    }
}
