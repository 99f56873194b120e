import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a child process ended.
public enum ChildEnding: Equatable, Sendable, CustomStringConvertible {
    /// It called `exit` (or returned from `main`) with this status.
    case exited(Int32)
    /// A signal it did not handle stopped it, such as the `SIGILL` of a failed isolation check.
    case signalled(Int32)
    /// It was still running at its deadline, so it was killed.
    case killedAtDeadline(Duration)

    public var description: String {
        switch self {
        case .exited(let status): "exit \(status)"
        case .signalled(let number): "signal \(number) \(signalName(number))"
        case .killedAtDeadline(let deadline): "still running after \(deadline.readable), killed"
        }
    }
}

/// What a finished child process left behind: how it ended and what it wrote.
public struct ChildProcessRun: Sendable {
    public let ending: ChildEnding
    public let output: String
    public let errors: String

    /// The `key=value` lines of its standard output, the last value winning for a repeated key.
    public var report: [String: String] {
        let pairs = output.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
        return Dictionary(pairs, uniquingKeysWith: { _, last in last })
    }
}

/// Starts `executable` with `environment` and waits for it to end, killing it if it is still running
/// at `deadline`; a crash or a hang of the child is reported in the result, never passed on.
///
/// Its output goes to files rather than pipes: a crash report can outgrow a pipe's buffer while
/// nothing reads it, and a child blocked on a full pipe would look like a hang. Throws only when
/// the process cannot be started at all.
public func runChildProcess(
    _ executable: URL, arguments: [String] = [], environment: [String: String], deadline: Duration
) async throws -> ChildProcessRun {
    let folder = FileManager.default.temporaryDirectory.appending(path: "child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputFile = folder.appending(path: "stdout")
    let errorFile = folder.appending(path: "stderr")
    try Data().write(to: outputFile)
    try Data().write(to: errorFile)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    let killed = Locked(false)
    try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, any Error>) in
        process.terminationHandler = { _ in ended.resume() }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            ended.resume(throwing: error)
            return
        }
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline.timeInterval) {
            guard process.isRunning else { return }
            killed.withLock { $0 = true }
            kill(pid, SIGKILL)
        }
    }
    let ending: ChildEnding =
        if killed.withLock({ $0 }) {
            .killedAtDeadline(deadline)
        } else if process.terminationReason == .uncaughtSignal {
            .signalled(process.terminationStatus)
        } else {
            .exited(process.terminationStatus)
        }
    return ChildProcessRun(
        ending: ending, output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
        errors: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
}

/// A signal's name as C spells it (`SIGILL`), or `signal <n>` for one without a common name.
public func signalName(_ number: Int32) -> String {
    let names: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
        SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
        SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
    ]
    return names[number] ?? "signal \(number)"
}

extension Duration {
    /// The duration in seconds, as Dispatch and Foundation take it.
    fileprivate var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
