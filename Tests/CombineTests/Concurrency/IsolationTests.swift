import ChildProcesses
import Foundation
import Testing

@testable import IsolationProbe

#if canImport(Glibc)
    import Glibc
#endif

/// The Swift 6 crash the module's Swift 5 language mode makes real: a closure written in main-actor
/// code and run on URLSession's delegate queue. Each case runs `IsolationProbe` as a child process,
/// so that a crash ends only that process and the test can see how it ended.
@Suite("Isolation: main-actor closures on URLSession's delegate queue")
struct IsolationTests {
    @Test func anInlineClosureInAMainActorModelStopsTheProcessWithASignal() async throws {
        let run = try await ProbeRun.run(.inlineClosure)
        #expect(run.reason == .uncaughtSignal, "ended by \(run.reason) \(run.status): \(run.standardError)")
        #expect([SIGILL, SIGTRAP].contains(run.status), "ended by signal \(run.status)")
        // It got as far as sending the request, and no further.
        #expect(run.report["mode"] == ProbeMode.inlineClosure.rawValue)
        #expect(run.report["outcome"] == nil)
        // The runtime's backtrace names the isolation check and the closure that tripped it. Under
        // ThreadSanitizer the backtracer cannot run (TSan's own checks abort it), so it is off there.
        guard !ProbeRun.underThreadSanitizer else { return }
        #expect(
            run.crashedThread.contains("closure #1 in ProbeModel.byteCounts(of:mode:)"),
            "\(run.standardError)")
        #if os(Linux)
            // Frames of the Linux runtime and of this package's Combine; Apple's are named otherwise.
            #expect(run.crashedThread.contains("_swift_task_checkIsolatedSwift"))
            #expect(run.crashedThread.contains("dispatch_assert_queue"))
            #expect(run.crashedThread.contains("DataTaskSubscription.finish"))
        #endif
    }

    @Test(arguments: [ProbeMode.sendableClosure, .keyPath, .nonisolatedBuilder])
    func eachFixDeliversTheResponseOnTheMainThread(mode: ProbeMode) async throws {
        let run = try await ProbeRun.run(mode)
        #expect(run.reason == .exit, "ended by signal \(run.status): \(run.standardError)")
        #expect(run.status == 0)
        #expect(
            run.report == [
                "mode": mode.rawValue,
                "outcome": "delivered",
                "bytes": String(ProbeRoute.body.utf8.count),
                "sink-on-main-thread": "true",
            ]
        )
    }
}

/// One finished run of the probe: how it ended, its `key=value` report, and its standard error.
private struct ProbeRun {
    let reason: Process.TerminationReason
    let status: Int32
    let report: [String: String]
    let standardError: String

    /// Runs the probe in `mode` and waits for it to end, killing it if it outlives `deadline`.
    static func run(_ mode: ProbeMode, deadline: Duration = .seconds(120)) async throws -> ProbeRun {
        var environment = ProcessInfo.processInfo.environment
        // A plain-text backtrace on standard error, whether or not a terminal is attached.
        environment["SWIFT_BACKTRACE"] =
            underThreadSanitizer ? "enable=no" : "enable=yes,interactive=no,color=no"
        let run = try await runChildProcess(
            builtExecutable(named: "IsolationProbe"), arguments: [mode.rawValue], environment: environment,
            deadline: deadline)
        let (reason, status): (Process.TerminationReason, Int32) =
            switch run.ending {
            case .exited(let code): (.exit, code)
            case .signalled(let signal): (.uncaughtSignal, signal)
            case .killedAtDeadline, .tooMuchOutput: (.uncaughtSignal, SIGKILL)
            }
        return ProbeRun(reason: reason, status: status, report: run.report, standardError: run.errors)
    }

    /// Whether this process (and so the probe, built alongside it) runs under ThreadSanitizer.
    static let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

    /// The backtrace of the thread the runtime reports as crashed, up to the next thread's.
    var crashedThread: Substring {
        guard
            let start = standardError.range(of: #"Thread \d+ "[^"]*" crashed:"#, options: .regularExpression)
        else { return "" }
        let rest = standardError[start.upperBound...]
        let end = rest.range(of: "\nThread ")?.lowerBound ?? rest.endIndex
        return rest[..<end]
    }
}
