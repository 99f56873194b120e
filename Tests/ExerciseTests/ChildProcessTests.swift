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

    @Test func aCrashIsTheSignalWithTheMessageBeforeIt() async throws {
        let run = try await runChild(shell, arguments: ["-c", "echo 'Fatal error: isolation'; kill -ILL $$"])
        #expect(run.ending == .signalled(SIGILL))
        #expect(run.output == "Fatal error: isolation\n")
        #expect(signalDescription(SIGILL).hasPrefix("SIGILL ("))
    }

    @Test func aHangIsStoppedAtTheTimeLimit() async throws {
        let run = try await runChild(
            shell, arguments: ["-c", "echo started; exec sleep 600"],
            limits: ChildLimits(time: .milliseconds(300)))
        #expect(run.ending == .outOfTime(.milliseconds(300)))
        #expect(run.output == "started\n")
    }

    @Test func endlessOutputIsStoppedAtTheOutputLimitAndKeptToIt() async throws {
        let run = try await runChild(
            shell, arguments: ["-c", "exec yes"], limits: ChildLimits(outputBytes: 10_000))
        #expect(run.ending == .tooMuchOutput(bytes: 10_000))
        #expect(run.output.utf8.count == 10_000)
        #expect(run.output.hasPrefix("y\ny\n"))
    }

    @Test func anExitStatusIsKeptWithBothOutputs() async throws {
        let run = try await runChild(shell, arguments: ["-c", "echo out; echo err >&2; exit 3"])
        #expect(run.ending == .exited(3))
        #expect(run.output.contains("out\n") && run.output.contains("err\n"))
    }
}
