import Foundation
import Locking

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
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let supervision = Supervision(process: process)
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
            process.waitUntilExit()
            let ending =
                supervision.reason
                ?? (process.terminationReason == .uncaughtSignal
                    ? .signalled(process.terminationStatus) : .exited(process.terminationStatus))
            continuation.resume(
                returning: ChildRun(ending: ending, output: String(decoding: kept, as: UTF8.self)))
        }
    }
}

/// Kills a running child once, remembering why.
private final class Supervision: Sendable {
    private let process: Locked<Process>
    private let killedBecause = Locked<ChildEnding?>(nil)

    init(process: Process) {
        self.process = Locked(process)
    }

    var reason: ChildEnding? { killedBecause.withLock { $0 } }

    func kill(because reason: ChildEnding) {
        process.withLock { process in
            guard process.isRunning, killedBecause.withLock({ $0 }) == nil else { return }
            killedBecause.withLock { $0 = reason }
            stop(process.processIdentifier)
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

/// A signal as a person looks it up: `SIGILL (illegal instruction)`.
func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS",
        SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT",
    ]
    let description = strsignal(signal).map { String(cString: $0).lowercased() } ?? "signal \(signal)"
    return "\(names[signal] ?? "signal \(signal)") (\(description))"
}
