import ChildProcesses
import Foundation
import Harness
import LoopbackLab

/// Measures one rule against a lab of its own, so tests can run side by side, in a task of high
/// priority, as the labs' tasks.
///
/// The priority is for the tasks a rule starts, which inherit it: many rules wait with a deadline
/// for such a task (a load nobody awaits, a cancelled call, a model freed when its task ends), and
/// at the test's default priority that task's steps queue behind the whole busy suite, past the
/// deadline (chapters 1, 4, 5 and 8 in stress runs at loads of 19 to 37); the row then measures the
/// suite, not the rule. The rule itself would run at high priority anyway once its lab's server has
/// started, which raises the task that starts it.
func measure<Value>(
    _ rule: @escaping @Sendable (Lab) async -> Finding<Value>
) async throws -> Finding<Value> {
    try await Task(priority: .high) {
        let lab = try await Lab.open()
        defer { lab.close() }
        return await rule(lab)
    }.value
}

/// `measure(_:)` for a rule isolated to the main actor, run on it: under XCTest's `@MainActor`
/// tests that is the main thread with the main queue drained.
@MainActor
func measureOnTheMainActor<Value>(
    _ rule: @MainActor (Lab) async -> Finding<Value>
) async throws -> Finding<Value> {
    let lab = try await Lab.open()
    defer { lab.close() }
    return await rule(lab)
}

/// What a finished child process left behind.
struct ChildRun: Sendable {
    var status: Int32
    var output: String
    var errors: String

    /// The report rows: lines starting with a mark, and demonstrations, whose mark stands before
    /// what they measured (`✓ reproduced:`).
    var markedRows: [Substring] {
        output.split(separator: "\n").filter {
            $0.hasPrefix("✓") || $0.hasPrefix("✗") || ($0.hasPrefix("  ") && $0.contains(" ✓ reproduced: "))
        }
    }
}

/// Runs `executable` with `arguments` and `environment` through the workbook's own child runner,
/// which gives a hung chapter a deadline instead of stalling the suite.
func runChild(
    _ executable: URL, arguments: [String] = [], environment: [String: String]
) async throws -> ChildRun {
    let run = try await runChildProcess(
        executable, arguments: arguments, environment: environment, deadline: .seconds(300))
    let status: Int32 = if case .exited(let status) = run.ending { status } else { -1 }
    return ChildRun(status: status, output: run.output, errors: run.errors)
}
