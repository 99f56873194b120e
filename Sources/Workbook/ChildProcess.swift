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
    /// Its standard output, byte for byte.
    public let outputData: Data
    public let errors: String

    /// Its standard output as text.
    public var output: String { String(decoding: outputData, as: UTF8.self) }

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
/// at `deadline`; a crash or a hang of the child is reported in the result, never passed on. Its
/// standard input is the file `input`, or empty.
///
/// Its output goes to files rather than pipes: a crash report can outgrow a pipe's buffer while
/// nothing reads it, and a child blocked on a full pipe would look like a hang. Throws only when
/// the process cannot be started at all.
public func runChildProcess(
    _ executable: URL, arguments: [String] = [], environment: [String: String], input: URL? = nil,
    deadline: Duration
) async throws -> ChildProcessRun {
    let folder = FileManager.default.temporaryDirectory.appending(path: "child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputFile = folder.appending(path: "stdout")
    let errorFile = folder.appending(path: "stderr")
    let ending = try await spawnAndWait(
        executable, arguments: arguments, environment: environment, input: input, output: outputFile,
        errors: errorFile, deadline: deadline)
    return ChildProcessRun(
        ending: ending, outputData: (try? Data(contentsOf: outputFile)) ?? Data(),
        errors: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self))
}

/// Why a child process could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
}

#if canImport(Glibc)
    /// Where a spawned child's standard output or error goes.
    public enum ChildOutput: Sendable {
        /// A file, created or emptied first.
        case file(URL)
        /// A descriptor this process has open, such as a pipe's writing end.
        case descriptor(Int32)
    }

    /// Starts `executable` with `posix_spawn` and returns its process id; wait for it with
    /// `waitForChild(_:)`.
    ///
    /// Not `Foundation.Process`: on Linux its `run()` now and then dies with a bad memory read while
    /// it lists `/proc/self/fd` to close inherited descriptors (fixed in swift-corelibs-foundation
    /// after Swift 6.3.1), and a suite that starts hundreds of children hit that about one run in
    /// eight. Here the child closes every descriptor above standard error itself, before `exec`.
    public func spawnChild(
        _ executable: URL, arguments: [String], environment: [String: String], input: URL? = nil,
        output: ChildOutput, errors: ChildOutput
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input?.path ?? "/dev/null", O_RDONLY, 0)
        for (stream, target) in [(Int32(1), output), (2, errors)] {
            switch target {
            case .file(let url):
                posix_spawn_file_actions_addopen(
                    &actions, stream, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, stream)
            }
        }
        closeFromThree(&actions)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw ChildProcessError(
                description: "could not start \(executable.path): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// Blocks until the child `pid` has ended, and says how.
    public func waitForChild(_ pid: pid_t) -> ChildEnding {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    private func spawnAndWait(
        _ executable: URL, arguments: [String], environment: [String: String], input: URL?, output: URL,
        errors: URL, deadline: Duration
    ) async throws -> ChildEnding {
        let pid = try spawnChild(
            executable, arguments: arguments, environment: environment, input: input, output: .file(output),
            errors: .file(errors))
        // The deadline kills the child only while it has not been reaped, so a reused pid is never hit.
        let reaped = Locked(false)
        let killed = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline.timeInterval) {
            reaped.withLock { done in
                guard !done else { return }
                killed.withLock { $0 = true }
                kill(pid, SIGKILL)
            }
        }
        let ending = await withCheckedContinuation { ended in
            DispatchQueue.global().async {
                let ending = waitForChild(pid)
                reaped.withLock { $0 = true }
                ended.resume(returning: ending)
            }
        }
        return killed.withLock({ $0 }) ? .killedAtDeadline(deadline) : ending
    }

    /// Asks the spawn to close every descriptor from 3 up in the child, so it inherits none of this
    /// process's sockets. glibc has had `posix_spawn_file_actions_addclosefrom_np` since 2.34, but
    /// its Swift module does not show it, so it is looked up by name; without it, the child keeps
    /// only what was opened without close-on-exec.
    private func closeFromThree(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard
            let symbol = dlsym(
                UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }
#else
    /// Starts the child with `Foundation.Process`, which has no known fault on Apple platforms.
    private func spawnAndWait(
        _ executable: URL, arguments: [String], environment: [String: String], input: URL?, output: URL,
        errors: URL, deadline: Duration
    ) async throws -> ChildEnding {
        try Data().write(to: output)
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
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
        if killed.withLock({ $0 }) { return .killedAtDeadline(deadline) }
        return process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }
#endif

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
