import ChildProcesses
import ExerciseChecks
import Foundation
import Testing

@testable import WorkbookCommand

/// `runChecks` turns however a check's process ended into a failed check with what it measured,
/// and goes on with the next check. The "runners" here are shell scripts that misbehave the way
/// student code can; the last test runs a real check runner, the one built from the starters.
@Suite("Workbook: running an exercise's checks")
struct CheckResultTests {
    private let exercise = exercises.first { $0.number == 3 }!

    @Test func aCrashingCheckFailsWithTheSignalAndItsMessage() async throws {
        let runner = try script("echo 'Fatal error: Incorrect actor executor assumption' >&2; kill -ILL $$")
        defer { try? FileManager.default.removeItem(at: runner) }
        let results = await runChecks(of: exercise, runner: runner, limits: verdictLimits)
        #expect(results.count == exercise.checks.count)
        let first = try #require(results.first)
        #expect(!first.verdict.holds)
        #expect(first.verdict.measured == "it crashed: \(WorkbookCommand.signalDescription(SIGILL))")
        #expect(first.output == ["Fatal error: Incorrect actor executor assumption"])
        #expect(first.sentence == exercise.checks[0].sentence)
        #expect(first.hint == exercise.checks[0].hint)
    }

    @Test func aHangingCheckFailsAtTheTimeLimitWithItsOwnHintAndTheOthersStillRun() async throws {
        let runner = try script("echo waiting; exec sleep 600")
        defer { try? FileManager.default.removeItem(at: runner) }
        let results = await runChecks(
            of: exercise, runner: runner, limits: ChildLimits(time: .milliseconds(500), outputBytes: 1000))
        let stopped =
            "still running after 0.5 s: a loop that never ends, or a publisher that never completes?"
        #expect(results.map(\.verdict.measured) == Array(repeating: stopped, count: exercise.checks.count))
        #expect(results.allSatisfy { $0.output == ["waiting"] && $0.hint == hangHint })
    }

    @Test func endlessOutputFailsAtTheOutputLimit() async throws {
        let runner = try script("exec yes 'a line'")
        defer { try? FileManager.default.removeItem(at: runner) }
        let results = await runChecks(
            of: exercise, runner: runner, limits: ChildLimits(time: .seconds(60), outputBytes: 2048))
        #expect(
            results.allSatisfy {
                $0.verdict.measured
                    == "printed more than 2 KiB, stopped with \(WorkbookCommand.signalDescription(SIGKILL))"
            })
        #expect(results.allSatisfy { $0.output.count == 12 && $0.output.allSatisfy { $0 == "a line" } })
    }

    @Test func aProcessThatExitsWithoutAVerdictFails() async throws {
        let runner = try script("echo gave up; exit 0")
        defer { try? FileManager.default.removeItem(at: runner) }
        let results = await runChecks(of: exercise, runner: runner, limits: verdictLimits)
        #expect(
            results.allSatisfy {
                !$0.verdict.holds && $0.verdict.measured == "it exited without one"
                    && $0.output == ["gave up"]
            })
    }

    /// A real runner, built from the starters: every check comes back with a verdict of its own,
    /// in check order.
    @Test func theBuiltRunnerGivesAVerdictForEveryCheck() async throws {
        let runner = builtExecutable(named: "StarterCheckRunner")
        let errorBody = try #require(exercises.first { $0.number == 2 })
        let results = await runChecks(of: errorBody, runner: runner, limits: verdictLimits)
        #expect(results.map(\.sentence) == errorBody.checks.map(\.sentence))
        #expect(
            results.allSatisfy {
                $0.output.isEmpty && !$0.verdict.expected.isEmpty && !$0.verdict.measured.hasPrefix("it ")
            })
        #expect(results.first?.verdict.expected == "[\(#"{"id": 1, "name": "Ada Lovelace"}"#)], finished")
    }

    /// A shell script standing in for the check runner.
    private func script(_ body: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appending(path: "fake-runner-\(UUID().uuidString)")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file
    }
}
