import ExerciseChecks
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one check came to, however its process ended.
struct CheckResult: Sendable, Equatable {
    let sentence: String
    let hint: String
    let passed: Bool
    let expected: String
    let measured: String
    /// What the check's process wrote, when it did not end with a verdict: the crash message, say.
    /// Empty when it did.
    let output: [String]
    let duration: Duration
}

extension ChildLimits {
    /// The limits a check's process runs under. The time is far beyond what any check takes (a
    /// check gives up on code that never delivers after ten seconds) and short enough that a hung
    /// check does not keep a learner waiting long; the output is far beyond what any check prints.
    static let check = ChildLimits(time: .seconds(20), outputBytes: 64 * 1024)
}

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
    var environment = ProcessInfo.processInfo.environment
    // A crash should end the process at once with its message; the backtracer would spend seconds
    // symbolicating frames a learner does not need.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    func result(passed: Bool, expected: String, measured: String, output: [String] = []) -> CheckResult {
        CheckResult(
            sentence: check.sentence, hint: check.hint, passed: passed, expected: expected,
            measured: measured,
            output: output, duration: .now - start)
    }
    let run: ChildRun
    do {
        run = try await runChild(
            runner, arguments: [String(exercise), String(index + 1), verdict.path], environment: environment,
            limits: limits)
    } catch {
        return result(
            passed: false, expected: "the check to run", measured: "could not start \(runner.path): \(error)")
    }
    let finish = "the check to finish with a verdict"
    switch run.ending {
    case .exited(0):
        guard let data = try? Data(contentsOf: verdict),
            let found = try? JSONDecoder().decode(Verdict.self, from: data)
        else {
            return result(
                passed: false, expected: finish, measured: "it exited without one",
                output: lastLines(of: run.output))
        }
        return result(passed: found.passed, expected: found.expected, measured: found.measured)
    case .exited(let status):
        return result(
            passed: false, expected: finish, measured: "it exited with status \(status)",
            output: lastLines(of: run.output))
    case .signalled(let signal):
        return result(
            passed: false, expected: finish, measured: "it crashed: \(signalDescription(signal))",
            output: lastLines(of: run.output))
    case .outOfTime(let limit):
        return result(
            passed: false, expected: finish,
            measured: "still running after \(limit.seconds), stopped with \(signalDescription(SIGKILL))",
            output: lastLines(of: run.output))
    case .tooMuchOutput(let bytes):
        return result(
            passed: false, expected: finish,
            measured: "printed more than \(bytes / 1024) KiB, stopped with \(signalDescription(SIGKILL))",
            output: lines(of: run.output).prefix(keptOutputLines).map { $0 })
    }
}

/// The lines of a process's output that say something to a learner: not blank, and not the stack
/// frames the Swift runtime prints after a fatal error (its message comes before them).
private func lines(of output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { line in
        !line.trimmingCharacters(in: .whitespaces).isEmpty && line != "Current stack trace:"
            && line.wholeMatch(of: /\d+\s+\S+\s+0x[0-9a-f]+ .*/) == nil
    }
}

/// The last lines of a process's output, where a crash message or what it did before hanging is.
private func lastLines(of output: String) -> [String] {
    Array(lines(of: output).suffix(keptOutputLines))
}
