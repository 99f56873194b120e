import Foundation
import Locking
import Verdicts

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One check as the process that runs it sees it: the form of the code it checks, and how to
/// measure it, telling `StallWatch` of each callback queue the code under check will use.
public struct CheckInProcess: Sendable {
    let checkedForm: String?
    let measure: @Sendable (StallWatch) async throws -> Verdict

    /// A check of `checkedForm` (nil when the exercise's code has one form) that `measure` runs.
    public init(checkedForm: String?, measure: @escaping @Sendable (StallWatch) async throws -> Verdict) {
        self.checkedForm = checkedForm
        self.measure = measure
    }
}

/// The child process side of `workbook check`: runs the check that `find` returns for the
/// exercise and check numbers on its command line (the check's index counting from 0), and
/// reports its verdict.
///
/// Usage: `<runner> <exercise> <check>` (check numbers count from 1), with the check's
/// `VerdictSeal` on standard input. The process reads the seal and closes standard input before
/// any code under check runs, then writes one sealed line on standard output: the check's verdict,
/// or, if the main thread or a session's callback queue stops answering first, a verdict naming
/// that stall. Nothing else it writes, and no other way it ends, counts as a verdict. Exit status:
/// 0 when the report was written (passed or not), 2 when there is no seal, the arguments name no
/// check, or it was asked to run the check as `nobody` (`checkAsNobodyVariable`, which `grade` sets
/// as root) and could not: it gives up root right after the seal is read, before any code under
/// check runs.
///
/// The check runs in a task while the main thread runs the main run loop, as an app's does, so
/// work sent to the main queue (`receive(on: DispatchQueue.main)`, a main-actor model) runs on the
/// main thread. An async `main` would not do: on Linux it drains the main queue on another thread.
public func runCheckFromCommandLine(finding find: (_ exercise: Int, _ index: Int) -> CheckInProcess?) -> Never
{
    writeOutputLineByLine()
    guard let seal = takeSealFromStandardInput() else {
        complainAsRunner(
            "no verdict seal on standard input: `workbook check` starts this runner and hands it one")
        exit(2)
    }
    if let refusal = runAsNobodyWhenAsked() {
        complainAsRunner("asked to run the check as nobody, but \(refusal)")
        exit(2)
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count == 2, let number = Int(arguments[0]), let index = Int(arguments[1]),
        let check = find(number, index - 1)
    else {
        complainAsRunner("usage: \(runnerName) <exercise> <check>, naming an existing check")
        exit(2)
    }
    let form = check.checkedForm
    let reporter = SealedReporter(seal: seal)
    let watch = StallWatch { stall in
        reporter.report(CheckReport(verdict: stall.verdict, stall: stall, checkedForm: form))
    }
    watch.start()
    Task {
        do {
            reporter.report(CheckReport(verdict: try await check.measure(watch), checkedForm: form))
        } catch {
            complainAsRunner("could not start the local server: \(error)")
            exit(2)
        }
    }
    RunLoop.main.run()
    // The run loop returns only if it has nothing at all to watch; the task still ends the process.
    dispatchMain()
}

/// Writes the first report it is given, sealed, on standard output, and ends the process at once,
/// so nothing the code under check left running can add to it or delay it.
private final class SealedReporter: Sendable {
    private let seal: HeldSeal
    private let reported = Locked(false)

    init(seal: HeldSeal) {
        self.seal = seal
    }

    func report(_ report: CheckReport) {
        guard
            !reported.withLock({ reported in
                defer { reported = true }; return reported
            })
        else { return }
        // What the code printed goes first, so its last line cannot run into the report's.
        fflush(nil)
        let line = seal.sealedLine(report)
        line.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let result = write(1, bytes.baseAddress! + written, bytes.count - written)
                guard result > 0 || errno == EINTR else { break }
                written += max(result, 0)
            }
        }
        _exit(0)
    }
}

/// Reads the seal from standard input, then puts `/dev/null` in its place, so that the code under
/// check finds nothing there. Nil when standard input is a terminal or holds no seal.
private func takeSealFromStandardInput() -> HeldSeal? {
    guard isatty(0) == 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: VerdictSeal.handedOverCount)
    var count = 0
    while count < bytes.count {
        let result = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress! + count, $0.count - count) }
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { break }
        count += result
    }
    let nothing = open("/dev/null", O_RDONLY)
    dup2(nothing, 0)
    close(nothing)
    return HeldSeal(handedOver: Data(bytes.prefix(count)))
}

/// This runner's name as it was started: `ShareReplayingLatestCheckRunner`, `StarterCheckRunner`…
private var runnerName: String {
    URL(filePath: CommandLine.arguments[0]).lastPathComponent
}

private func complainAsRunner(_ text: String) {
    FileHandle.standardError.write(Data((runnerName + ": " + text + "\n").utf8))
}
