import ChildProcesses
import ExerciseCatalog
import Foundation
import Quantities
import Verdicts

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one check came to, however its process ended: its verdict, or one about how the process
/// ended when it wrote none.
public struct CheckResult: Sendable, Equatable {
    /// The check's sentence, as the exercise's catalogue entry states it.
    public let sentence: String
    /// What to try when the check fails: the check's own hint, or one about how its process ended.
    public let hint: String
    /// Whether the check held, and what it expected and measured.
    public let verdict: Verdict
    /// What the check's process wrote, when it did not end with a verdict: the crash message, say.
    /// Empty when it did.
    public let output: [String]
    /// How long the check's process ran, from its start to its result.
    public let duration: Duration
    /// How the check's process came to the verdict.
    public var ending: CheckEnding = .finished
    /// Which form of the learner's code the check ran against, as its process reported it, for an
    /// exercise that takes more than one; nil otherwise, or when the process reported nothing.
    public var checkedForm: String? = nil

    /// Makes a result; a check that finished and reported its verdict leaves `ending` and
    /// `checkedForm` at their defaults.
    public init(
        sentence: String, hint: String, verdict: Verdict, output: [String], duration: Duration,
        ending: CheckEnding = .finished, checkedForm: String? = nil
    ) {
        (self.sentence, self.hint, self.verdict, self.output, self.duration, self.ending) = (
            sentence, hint, verdict, output, duration, ending
        )
        self.checkedForm = checkedForm
    }
}

/// What checking one exercise came to: its checks' results, or why none could run. It is what the
/// runner prints, a grade counts and the graders' reports hold.
public struct ExerciseOutcome: Sendable {
    /// The exercise that was checked.
    public let exercise: Exercise
    /// The results, one per check; empty when the code did not build.
    public let results: [CheckResult]
    /// The compiler's errors, when the code did not build.
    public let buildFailure: String?

    /// Makes an outcome: `results` when the code built, `buildFailure` when it did not.
    public init(exercise: Exercise, results: [CheckResult], buildFailure: String?) {
        (self.exercise, self.results, self.buildFailure) = (exercise, results, buildFailure)
    }
}

/// How a check's process came to its verdict, as a grade's note names it.
public enum CheckEnding: Sendable, Equatable {
    /// The check finished and reported its own verdict.
    case finished
    /// The code under check never returned: the process said so itself, or was stopped at its
    /// time limit.
    case hung
    /// The main thread stopped answering while the check waited on it: code under check blocked it
    /// (a wait on the main thread for work queued to the main thread, say).
    case blockedMainThread
    /// A signal stopped the process.
    case crashed
    /// It ended without a sealed verdict: it exited early, failed, or printed without end.
    case didNotFinish
    /// Its output was refused as forged: more than one verdict line, or one under a wrong seal.
    case refused
}

/// Limits on a check's process: past either, it is killed with SIGKILL.
public struct ChildLimits: Sendable {
    var time: Duration
    var outputBytes: Int

    /// The limits a check's process runs under. The reference solution finishes each check well
    /// within the time (in under a second, or about two and a half where the check waits on a
    /// route that answers after two, measured on a busy 2-core machine), and a check gives up on
    /// code that never delivers sooner, after `patience`, with a verdict of its own; so a process
    /// still running at the limit is stuck, and a learner hears so within seconds. The output is
    /// far beyond what any check prints.
    public static let check = ChildLimits(time: .seconds(5), outputBytes: 64 * 1024)
}

/// What to look at when a check's process was still running at its time limit: its code never
/// returned, since a check gives up on code that never delivers well before that.
let hangHint = Stall.codeNeverReturned.hint

/// How many lines of a failed check process's output its result keeps.
private let keptOutputLines = 12

/// Runs each check of `exercise` in a child process of its own (`runner exercise check`, a fresh
/// `VerdictSeal` on its standard input), at most `sideBySide` at a time, and hands each result to
/// `finished` in check order as soon as it and every check before it are done. `environment` is
/// added to this process's own for the children.
///
/// Three side by side keep a learner's two cores busy without crowding them; a test proving how
/// code that hangs is reported runs them all at once, so that each hang costs its time only once.
public func runChecks(
    of exercise: Exercise, runner: URL, limits: ChildLimits = .check, environment: [String: String] = [:],
    sideBySide: Int = 3, finished: @Sendable (CheckResult) -> Void = { _ in }
) async -> [CheckResult] {
    var results = [CheckResult?](repeating: nil, count: exercise.checks.count)
    var reported = 0
    await withTaskGroup(of: (Int, CheckResult).self) { group in
        var next = 0
        func startNext() {
            guard next < exercise.checks.count else { return }
            let index = next
            next += 1
            group.addTask {
                let result = await runCheck(
                    exercise.checks[index], exercise: exercise.number, index: index, runner: runner,
                    limits: limits, extraEnvironment: environment)
                return (index, result)
            }
        }
        for _ in 0..<max(1, sideBySide) { startNext() }
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

/// Runs one check's process and turns however it ended into a result: the verdict it reported
/// under its seal, or else one about how it ended.
private func runCheck(
    _ check: Check, exercise: Int, index: Int, runner: URL, limits: ChildLimits,
    extraEnvironment: [String: String]
) async -> CheckResult {
    let start = ContinuousClock.now
    // A crash prints its crashed thread's frames, named from the symbol table alone so that it
    // takes a second, not the many a full symbolication would; the frame is named in the verdict.
    let environment = ProcessInfo.processInfo.environment.merging(
        CrashBacktrace.childEnvironment(keepingTheSignal: true).mapValues {
            $0.hasPrefix("enable=yes") ? $0 + ",threads=crashed,symbolicate=fast" : $0
        }
    ) { $1 }.merging(extraEnvironment) { $1 }
    /// A process that did not report a verdict of its own failed the check, measuring `measured`.
    func failed(
        _ ending: CheckEnding, measured: String, output: [String], hint: String = check.hint
    ) -> CheckResult {
        CheckResult(
            sentence: check.sentence, hint: hint,
            verdict: Verdict(
                expected: "the check to finish with a verdict", measured: measured, holds: false),
            output: output, duration: .now - start, ending: ending)
    }
    let seal: VerdictSeal
    let run: ChildProcessRun
    do {
        let input = try SealInput()
        defer { input.close() }
        seal = input.seal
        run = try await runChildProcess(
            runner, arguments: [String(exercise), String(index + 1)], environment: environment,
            input: input.url, deadline: limits.time, outputLimit: limits.outputBytes)
    } catch {
        return failed(.didNotFinish, measured: "could not start \(runner.path): \(error)", output: [])
    }
    let printed = lines(of: run.output) + lines(of: beforeTheBacktrace(run.errors))
    switch seal.reading(run.output) {
    case .report(let report):
        return CheckResult(
            sentence: check.sentence, hint: report.stall?.hint ?? check.hint, verdict: report.verdict,
            output: [], duration: .now - start, ending: ending(of: report.stall),
            checkedForm: report.checkedForm)
    case .refused(let reason):
        return failed(
            .refused, measured: "its output was refused: \(reason) (a forged verdict?)",
            output: lastLines(printed))
    case .noVerdict:
        break
    }
    switch run.ending {
    case .exited(let status):
        return failed(
            .didNotFinish,
            measured:
                "the check did not finish: its process exited with status \(status) before the check's verdict",
            output: lastLines(printed))
    case .signalled(let signal):
        let frame = CrashBacktrace(standardError: run.errors).innermostFrame(in: runner.lastPathComponent)
        return failed(
            .crashed,
            measured: "it crashed: \(signalDescription(signal))" + (frame.map { " in \($0)" } ?? ""),
            output: lastLines(printed))
    case .killedAtDeadline(let limit):
        return failed(
            .hung,
            measured:
                "hung: still running after \(limit.inSeconds), in code that never returned (a loop that never ends, or a wait that is never signalled?)",
            output: lastLines(printed), hint: hangHint)
    case .tooMuchOutput(let bytes):
        return failed(
            .didNotFinish,
            measured: "printed more than \(bytes / 1024) KiB, stopped with \(signalDescription(SIGKILL))",
            output: Array(printed.prefix(keptOutputLines)))
    }
}

/// The reading end of a pipe holding a check's seal, for the check process's standard input: named
/// `/dev/fd/N`, which the process opens as it starts, and closed here once it has.
///
/// A pipe rather than a file: nothing on disk for other code to find, and nothing left once read.
/// The seal's bytes go straight from `VerdictSeal`'s buffer to the pipe, never through a `Data`.
private struct SealInput {
    let pipe = Pipe()
    let seal: VerdictSeal

    init() throws {
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        seal = try VerdictSeal.handOver { bytes in
            var written = 0
            while written < bytes.count {
                let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else {
                    throw ChildProcessError(description: "could not write the seal: errno \(errno)")
                }
                written += result
            }
        }
        try pipe.fileHandleForWriting.close()
    }

    var url: URL { URL(filePath: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)") }

    func close() {
        try? pipe.fileHandleForReading.close()
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

/// How a check that reported `stall` (or none) ended.
private func ending(of stall: Stall?) -> CheckEnding {
    switch stall {
    case nil: .finished
    case .codeNeverReturned: .hung
    case .mainThreadBlocked: .blockedMainThread
    }
}
