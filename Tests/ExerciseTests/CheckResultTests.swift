import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Testing

@testable import CheckProcesses

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
        #expect(first.verdict.measured == "it crashed: \(CheckProcesses.signalDescription(SIGILL))")
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
            "hung: still running after 0.5 s, in code that never returned (a loop that never ends, or a wait that is never signalled?)"
        #expect(results.map(\.verdict.measured) == Array(repeating: stopped, count: exercise.checks.count))
        #expect(results.allSatisfy { $0.output == ["waiting"] && $0.hint == hangHint && $0.ending == .hung })
    }

    @Test func endlessOutputFailsAtTheOutputLimit() async throws {
        let runner = try script("exec yes 'a line'")
        defer { try? FileManager.default.removeItem(at: runner) }
        let results = await runChecks(
            of: exercise, runner: runner, limits: ChildLimits(time: .seconds(60), outputBytes: 2048))
        #expect(
            results.allSatisfy {
                $0.verdict.measured
                    == "printed more than 2 KiB, stopped with \(CheckProcesses.signalDescription(SIGKILL))"
            })
        #expect(results.allSatisfy { $0.output.count == 12 && $0.output.allSatisfy { $0 == "a line" } })
    }

    @Test func aProcessThatExitsWithoutAVerdictFails() async throws {
        let runner = try script("echo gave up; exit 0")
        defer { try? FileManager.default.removeItem(at: runner) }
        let results = await runChecks(of: exercise, runner: runner, limits: verdictLimits)
        #expect(
            results.allSatisfy {
                !$0.verdict.holds
                    && $0.verdict.measured
                        == "the check did not finish: its process exited with status 0 before the check's verdict"
                    && $0.output == ["gave up"] && $0.ending == .didNotFinish
            })
    }

    /// The check process is told which check to run and nothing else: no file to write a verdict
    /// to on its command line, and its seal on standard input.
    @Test func theCheckProcessGetsTwoNumbersAndItsSealOnStandardInput() async throws {
        let runner = try script(#"echo "$#: $*"; read -r passing failing; echo "${#passing} ${#failing}""#)
        defer { try? FileManager.default.removeItem(at: runner) }
        let results = await runChecks(of: exercise, runner: runner, limits: verdictLimits)
        #expect(results.first?.output == ["2: 3 1", "32 32"])
    }

    /// Only a line sealed with the token its verdict calls for counts: the runner here holds the
    /// seal, as the real one does, and shows which lines the parent takes.
    @Test func onlyAVerdictSealedWithTheTokenItsOutcomeCallsForCounts() async throws {
        let passing = #"{"verdict":{"expected":"e","measured":"m","holds":true}}"#
        let failing = #"{"verdict":{"expected":"e","measured":"m","holds":false}}"#
        func sealed(_ token: String, _ report: String) -> String {
            "printf 'workbook-verdict %s %s\\n' \(token) '\(report)'"
        }
        let cases: [(lines: String, holds: Bool?)] = [
            (sealed("$passing", passing), true),
            (sealed("$failing", failing), false),
            (sealed("$failing", passing), nil),
            (sealed("$passing", failing), nil),
            ("echo '\(passing)'", nil),
        ]
        for (lines, holds) in cases {
            let runner = try script("read -r passing failing\n" + lines)
            defer { try? FileManager.default.removeItem(at: runner) }
            let result = try #require(
                await runChecks(of: exercise, runner: runner, limits: verdictLimits).first)
            if let holds {
                #expect(result.verdict.holds == holds && result.ending == .finished, "\(lines)")
            } else {
                #expect(!result.verdict.holds && result.ending == .didNotFinish, "\(lines)")
            }
        }
    }

    /// Output with more than one verdict line, or one sealed with a token not of its seal, is
    /// refused whole, even when it also holds the right passing line: a forger prints every token
    /// it can find, or guesses one.
    @Test func outputWithForgedVerdictLinesIsRefusedWhole() async throws {
        let passing = #"{"verdict":{"expected":"e","measured":"m","holds":true}}"#
        func sealed(_ token: String) -> String {
            "printf 'workbook-verdict %s %s\\n' \(token) '\(passing)'"
        }
        let guess = String(repeating: "0", count: 32)
        let cases: [(lines: String, measured: String)] = [
            (
                sealed(guess),
                "its output was refused: a verdict line sealed with a token that is not its seal's (a forged verdict?)"
            ),
            (
                [guess, "$failing", "$passing"].map(sealed).joined(separator: "\n"),
                "its output was refused: 3 verdict lines where a check writes one (a forged verdict?)"
            ),
            (
                sealed("$passing") + "\n" + sealed("$passing"),
                "its output was refused: 2 verdict lines where a check writes one (a forged verdict?)"
            ),
        ]
        for (lines, measured) in cases {
            let runner = try script("read -r passing failing\n" + lines)
            defer { try? FileManager.default.removeItem(at: runner) }
            let result = try #require(
                await runChecks(of: exercise, runner: runner, limits: verdictLimits).first)
            #expect(!result.verdict.holds && result.ending == .refused, "\(lines)")
            #expect(result.verdict.measured == measured)
        }
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
