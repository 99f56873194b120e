import ChildProcesses
import Foundation
import Harness
import LoopbackLab

/// Measures one rule against a lab of its own, so tests can run side by side.
func measure<Value>(_ rule: (Lab) async -> Finding<Value>) async throws -> Finding<Value> {
    let lab = try await Lab.open()
    defer { lab.close() }
    return await rule(lab)
}

/// `measure(_:)` in a task of high priority, as the labs' tasks, for a rule that waits with a
/// deadline for a task it starts, which inherits the priority: at the default one, that task's
/// steps can queue behind the busy suite past the deadline (chapters 5 and 8 in stress runs at loads
/// of 24 and 36), and the row then measures the suite, not the rule. Only for the rules seen
/// failing so: every rule at high priority would crowd the queue the labs' own tasks wait in.
func measureAtHighPriority<Value>(
    _ rule: @escaping @Sendable (Lab) async -> Finding<Value>
) async throws -> Finding<Value> {
    try await Task(priority: .high) { try await measure(rule) }.value
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
