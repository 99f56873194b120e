import ChildProcesses
import ExerciseChecks
import Foundation
import Harness

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one check came to, however its process ended: its verdict, or one about how the process
/// ended when it wrote none.
struct CheckResult: Sendable, Equatable {
    let sentence: String
    let hint: String
    let verdict: Verdict
    /// What the check's process wrote, when it did not end with a verdict: the crash message, say.
    /// Empty when it did.
    let output: [String]
    let duration: Duration
}

/// Limits on a check's process: past either, it is killed with SIGKILL.
struct ChildLimits: Sendable {
    var time: Duration
    var outputBytes: Int

    /// The limits a check's process runs under. The reference solution finishes each check well
    /// within the time (in under a second, or about two and a half where the check waits on a
    /// route that answers after two, measured on a busy 2-core machine), and a check gives up on
    /// code that never delivers sooner, after `patience`, with a verdict of its own; so a process
    /// still running at the limit is stuck, and a learner hears so within seconds. The output is
    /// far beyond what any check prints.
    static let check = ChildLimits(time: .seconds(5), outputBytes: 64 * 1024)
}

/// What to look at when a check's process was still running at its time limit.
let hangHint =
    "Something never returned or never completed: look for a loop that never ends, or a publisher the code waits on that never sends its completion (Empty(completeImmediately: false), a subject never finished)."

/// How many lines of a failed check process's output its result keeps.
private let keptOutputLines = 12

/// Runs each check of `exercise` in a child process of its own (`runner exercise check verdict`),
/// at most a few at a time, and hands each result to `finished` in check order as soon as it and
/// every check before it are done.
func runChecks(
    of exercise: Exercise, runner: URL, limits: ChildLimits = .check,
    finished: @Sendable (CheckResult) -> Void = { _ in }
) async -> [CheckResult] {
    let folder = FileManager.default.temporaryDirectory.appending(path: "workbook-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var results = [CheckResult?](repeating: nil, count: exercise.checks.count)
    var reported = 0
    await withTaskGroup(of: (Int, CheckResult).self) { group in
        var next = 0
        func startNext() {
            guard next < exercise.checks.count else { return }
            let index = next
            next += 1
            group.addTask {
                let verdict = folder.appending(path: "\(index + 1).json")
                let check = exercise.checks[index]
                let result = await runCheck(
                    check, exercise: exercise.number, index: index, runner: runner, limits: limits,
                    verdict: verdict)
                return (index, result)
            }
        }
        for _ in 0..<3 { startNext() }
        for await (index, result) in group {
            results[index] = result
            while reported < results.count, let ready = results[reported] {
                finished(ready)
                reported += 1
            }
            startNext()
        }
    }
    return results.compactMap { $0 }
}

/// Runs one check's process and turns however it ended into a result.
private func runCheck(
    _ check: Check, exercise: Int, index: Int, runner: URL, limits: ChildLimits, verdict: URL
) async -> CheckResult {
    let start = ContinuousClock.now
    // A crash prints its crashed thread's frames, named from the symbol table alone so that it
    // takes a second, not the many a full symbolication would; the frame is named in the verdict.
    let environment = ProcessInfo.processInfo.environment.merging(
        CrashBacktrace.childEnvironment(keepingTheSignal: true).mapValues {
            $0.hasPrefix("enable=yes") ? $0 + ",threads=crashed,symbolicate=fast" : $0
        }
    ) { $1 }
    func result(_ verdict: Verdict, output: [String] = [], hint: String = check.hint) -> CheckResult {
        CheckResult(
            sentence: check.sentence, hint: hint, verdict: verdict, output: output, duration: .now - start)
    }
    /// A process that did not end with a verdict of its own failed the check, measuring `measured`.
    func failed(
        expected: String, measured: String, output: [String] = [], hint: String = check.hint
    )
        -> CheckResult
    {
        result(Verdict(expected: expected, measured: measured, holds: false), output: output, hint: hint)
    }
    let run: ChildProcessRun
    do {
        run = try await runChildProcess(
            runner, arguments: [String(exercise), String(index + 1), verdict.path], environment: environment,
            deadline: limits.time, outputLimit: limits.outputBytes)
    } catch {
        return failed(
            expected: "the check to run", measured: "could not start \(runner.path): \(error)")
    }
    let finish = "the check to finish with a verdict"
    let printed = lines(of: run.output) + lines(of: beforeTheBacktrace(run.errors))
    switch run.ending {
    case .exited(0):
        guard let data = try? Data(contentsOf: verdict),
            let found = try? JSONDecoder().decode(Verdict.self, from: data)
        else {
            return failed(
                expected: finish, measured: "it exited without one", output: lastLines(printed)
            )
        }
        return result(found)
    case .exited(let status):
        return failed(
            expected: finish, measured: "it exited with status \(status)",
            output: lastLines(printed))
    case .signalled(let signal):
        let frame = CrashBacktrace(standardError: run.errors).innermostFrame(in: runner.lastPathComponent)
        return failed(
            expected: finish,
            measured: "it crashed: \(signalDescription(signal))" + (frame.map { " in \($0)" } ?? ""),
            output: lastLines(printed))
    case .killedAtDeadline(let limit):
        return failed(
            expected: finish,
            measured:
                "still running after \(limit.seconds): a loop that never ends, or a publisher that never completes?",
            output: lastLines(printed), hint: hangHint)
    case .tooMuchOutput(let bytes):
        return failed(
            expected: finish,
            measured: "printed more than \(bytes / 1024) KiB, stopped with \(signalDescription(SIGKILL))",
            output: Array(printed.prefix(keptOutputLines)))
    }
}

/// What a crashed process wrote before the runtime's backtrace (whose frame the verdict names):
/// the crash message, say.
private func beforeTheBacktrace(_ errors: String) -> String {
    errors.split(separator: "\n").prefix {
        !$0.contains(": Backtracing from ") && !$0.contains("Program crashed:")
    }
    .joined(separator: "\n")
}

/// The lines of a process's output that say something to a learner: not blank, and not the stack
/// frames the Swift runtime prints after a fatal error (its message comes before them).
private func lines(of output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { line in
        !line.trimmingCharacters(in: .whitespaces).isEmpty && line != "Current stack trace:"
            && line.wholeMatch(of: /\d+\s+\S+\s+0x[0-9a-f]+ .*/) == nil
    }
}

/// The last of a process's lines, where a crash message or what it did before hanging is.
private func lastLines(_ lines: [String]) -> [String] {
    Array(lines.suffix(keptOutputLines))
}
