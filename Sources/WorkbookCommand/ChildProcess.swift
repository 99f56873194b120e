import Foundation
import Locking
import Workbook

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a child process ended.
enum ChildEnding: Equatable, Sendable {
    /// It exited by itself with this status.
    case exited(Int32)
    /// A signal ended it, such as SIGILL from a failed isolation check or SIGSEGV.
    case signalled(Int32)
    /// It was still running at its time limit and was killed.
    case outOfTime(Duration)
    /// It wrote more than its output limit and was killed.
    case tooMuchOutput(bytes: Int)
}

/// What a child process did: how it ended and what it wrote (standard output and error together,
/// in the order written, up to the output limit).
struct ChildRun: Sendable {
    var ending: ChildEnding
    var output: String
}

/// Limits on a child process: past either, it is killed with SIGKILL.
struct ChildLimits: Sendable {
    var time: Duration?
    var outputBytes: Int?
}

/// Runs `executable` and waits for it, killing it at either limit, so that code that hangs or
/// prints without end costs a bounded time and memory. `onOutput` sees each piece of output as it
/// arrives (a build's progress, say). The blocking waits happen on Dispatch threads.
func runChild(
    _ executable: URL, arguments: [String], environment: [String: String]? = nil,
    limits: ChildLimits = ChildLimits(),
    onOutput: (@Sendable (String) -> Void)? = nil
) async throws -> ChildRun {
    let pipe = Pipe()
    let (pid, waitForEnd) = try start(
        executable, arguments: arguments, environment: environment, output: pipe)
    try pipe.fileHandleForWriting.close()
    let supervision = Supervision(pid: pid)
    if let time = limits.time {
        DispatchQueue.global().asyncAfter(deadline: .now() + time.timeInterval) {
            supervision.kill(because: .outOfTime(time))
        }
    }
    return await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            let reader = pipe.fileHandleForReading
            var kept = Data()
            var total = 0
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                total += data.count
                if let limit = limits.outputBytes, total > limit {
                    kept.append(data.prefix(max(0, limit - kept.count)))
                    supervision.kill(because: .tooMuchOutput(bytes: limit))
                    break
                }
                kept.append(data)
                onOutput?(String(decoding: data, as: UTF8.self))
            }
            let ended = waitForEnd()
            let ending = supervision.ended() ?? ended
            continuation.resume(
                returning: ChildRun(ending: ending, output: String(decoding: kept, as: UTF8.self)))
        }
    }
}

/// Starts the child with standard output and error both on `output`'s writing end, and returns its
/// process id and a blocking wait for how it ended.
///
/// On Linux this goes through the workbook's `spawnChild`, because `Foundation.Process.run()` there
/// now and then crashes (see `spawnChild`); Apple platforms keep `Process`.
private func start(
    _ executable: URL, arguments: [String], environment: [String: String]?, output: Pipe
) throws -> (pid: Int32, waitForEnd: @Sendable () -> ChildEnding) {
    #if canImport(Glibc)
        let descriptor = output.fileHandleForWriting.fileDescriptor
        let pid = try spawnChild(
            executable, arguments: arguments, environment: environment ?? ProcessInfo.processInfo.environment,
            output: .descriptor(descriptor), errors: .descriptor(descriptor))
        return (
            pid,
            {
                switch waitForChild(pid) {
                case .exited(let status): .exited(status)
                case .signalled(let signal): .signalled(signal)
                case .killedAtDeadline(let deadline): .outOfTime(deadline)
                }
            }
        )
    #else
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let running = UncheckedProcess(process: process)
        return (
            process.processIdentifier,
            {
                running.process.waitUntilExit()
                return running.process.terminationReason == .uncaughtSignal
                    ? .signalled(running.process.terminationStatus)
                    : .exited(running.process.terminationStatus)
            }
        )
    #endif
}

#if !canImport(Glibc)
    /// A `Process` handed to the thread that waits for it; only that thread touches it afterwards.
    private struct UncheckedProcess: @unchecked Sendable {
        let process: Process
    }
#endif

/// Kills a running child once, remembering why, and never after it has been waited for, when its
/// process id may already belong to another process.
private final class Supervision: Sendable {
    private let pid: Int32
    private let state = Locked<(killedBecause: ChildEnding?, ended: Bool)>((nil, false))

    init(pid: Int32) {
        self.pid = pid
    }

    /// Marks the child as waited for and returns why it was killed, if it was.
    func ended() -> ChildEnding? {
        state.withLock { state in
            state.ended = true
            return state.killedBecause
        }
    }

    func kill(because reason: ChildEnding) {
        state.withLock { state in
            guard !state.ended, state.killedBecause == nil else { return }
            state.killedBecause = reason
            stop(pid)
        }
    }
}

/// Sends SIGKILL, which a process cannot catch or ignore.
private func stop(_ processIdentifier: Int32) {
    _ = kill(processIdentifier, SIGKILL)
}

extension Duration {
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// Seconds with one decimal: `4.2 s`.
    var seconds: String {
        String(format: "%.1f s", timeInterval)
    }
}

/// A signal as a person looks it up, its name with what the system calls it:
/// `SIGILL (illegal instruction)`.
func signalDescription(_ signal: Int32) -> String {
    let meaning = strsignal(signal).map { String(cString: $0).lowercased() } ?? "signal \(signal)"
    return "\(signalName(signal)) (\(meaning))"
}
