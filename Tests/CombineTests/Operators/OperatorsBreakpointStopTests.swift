import ChildProcesses
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `breakpoint()` stops the process as on Apple platforms (Apple's documented behaviour, not measured
/// here: it raises `SIGTRAP`, which a debugger stops at and which otherwise ends the process). Each case
/// runs `BreakpointProbe`, which sends one value through a breakpoint that stops on it, as a child
/// process with Swift's crash backtracer on, as a program started from a shell has it.
@Suite struct OperatorsBreakpointStopTests {
    /// Swift's crash backtracer takes `SIGTRAP` on Linux, prints "Program crashed" and lets the process
    /// go on; the probe must still end with the signal, before delivering the value.
    @Test func withoutADebuggerTheProcessEndsWithSIGTRAP() async throws {
        let run = try await runChildProcess(
            builtExecutable(named: "BreakpointProbe"),
            environment: Self.environment, deadline: .seconds(120))

        #expect(run.ending == .signalled(SIGTRAP), "\(run.errors)")
        #expect(run.report["reached"] == "subscribe")
        #expect(run.report["value"] == nil)
        // The backtracer took the signal first (where it runs: not under ThreadSanitizer).
        if Self.environment["SWIFT_BACKTRACE"]?.hasPrefix("enable=yes") == true {
            #expect(run.errors.range(of: "Program crashed") != nil, "\(run.errors)")
        }
    }

    /// Under a debugger the process stops at the breakpoint, and goes on once continued.
    @Test(.enabled(if: debugger != nil, "no gdb on this machine"))
    func underADebuggerItStopsThereAndGoesOnWhenContinued() async throws {
        let probe = builtExecutable(named: "BreakpointProbe")
        let run = try await runChildProcess(
            try #require(Self.debugger),
            arguments: [
                "-batch", "-nx", "-iex", "set debuginfod enabled off", "-ex", "run", "-ex", "continue",
                "--args", probe.path,
            ],
            environment: Self.environment, deadline: .seconds(240))

        let output = run.output
        #expect(output.range(of: "received signal SIGTRAP") != nil, "\(output)\n\(run.errors)")
        #expect(run.report["value"] == "1")
        #expect(run.report["reached"] == "end")
        #expect(output.range(of: "exited normally") != nil, "\(output)")
    }

    /// This process's environment, with the crash backtracer on (off under ThreadSanitizer, which
    /// cannot run it).
    static let environment = ProcessInfo.processInfo.environment.merging(
        CrashBacktrace.childEnvironment(keepingTheSignal: true)
    ) { $1 }

    /// gdb, where the machine has it.
    static let debugger: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":").map { URL(fileURLWithPath: String($0)).appending(path: "gdb") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
