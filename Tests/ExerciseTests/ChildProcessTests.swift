import ChildProcesses
import Foundation
import Testing

@testable import WorkbookCommand

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Code under check runs in a child process, so whatever it does ends that process, never the
/// runner: these children really crash, hang and print without end.
@Suite("Workbook: a check's child process")
struct ChildProcessTests {
    private let shell = URL(filePath: "/bin/sh")

    private func run(
        _ script: String, deadline: Duration? = nil, outputLimit: Int? = nil
    ) async throws
        -> ChildProcessRun
    {
        try await runChildProcess(
            shell, arguments: ["-c", script], environment: ProcessInfo.processInfo.environment,
            deadline: deadline, outputLimit: outputLimit)
    }

    @Test func aCrashIsTheSignalWithTheMessageBeforeIt() async throws {
        let run = try await run("echo 'Fatal error: isolation' >&2; kill -ILL $$")
        #expect(run.ending == .signalled(SIGILL))
        #expect(run.errors == "Fatal error: isolation\n")
        #expect(signalDescription(SIGILL).hasPrefix("SIGILL ("))
    }

    @Test func aHangIsStoppedAtTheDeadline() async throws {
        let run = try await run("echo started; exec sleep 600", deadline: .milliseconds(300))
        #expect(run.ending == .killedAtDeadline(.milliseconds(300)))
        #expect(run.output == "started\n")
    }

    @Test func endlessOutputIsStoppedAtTheOutputLimitAndKeptToIt() async throws {
        let run = try await run("exec yes", outputLimit: 10_000)
        #expect(run.ending == .tooMuchOutput(bytes: 10_000))
        #expect(run.outputData.count == 10_000)
        #expect(run.output.hasPrefix("y\ny\n"))
    }

    @Test func anExitStatusIsKeptWithBothOutputs() async throws {
        let run = try await run("echo out; echo err >&2; exit 3")
        #expect(run.ending == .exited(3))
        #expect(run.output == "out\n" && run.errors == "err\n")
    }
}
