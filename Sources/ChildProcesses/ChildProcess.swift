import Foundation
import Locking
import Quantities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a child process ended. One enum for every child the workbook starts: a chapter's, a test's,
/// a check's and a build's.
public enum ChildEnding: Equatable, Sendable, CustomStringConvertible {
    /// It called `exit` (or returned from `main`) with this status.
    case exited(Int32)
    /// A signal it did not handle stopped it, such as the `SIGILL` of a failed isolation check; the
    /// frames of the crashed thread are in its standard error (`CrashBacktrace` reads them).
    case signalled(Int32)
    /// It was still running at its deadline, so it was killed.
    case killedAtDeadline(Duration)
    /// It wrote more than its output limit, this many bytes, so it was killed.
    case tooMuchOutput(bytes: Int)

    /// How it ended in a few words, with the signal's name and the deadline or limit that was met, for
    /// a failure message or a verdict.
    public var description: String {
        switch self {
        case .exited(let status): "exit \(status)"
        case .signalled(let number): "signal \(number) \(signalName(number))"
        case .killedAtDeadline(let deadline): "still running after \(deadline.readable), killed"
        case .tooMuchOutput(let bytes): "wrote more than \(counted(bytes, "byte")), killed"
        }
    }
}

/// What a finished child process left behind: how it ended and what it wrote.
public struct ChildProcessRun: Sendable {
    /// How it ended.
    public let ending: ChildEnding
    /// Its standard output, byte for byte (up to the output limit).
    public let outputData: Data
    /// Its standard error as text, where a crash leaves its backtrace (`CrashBacktrace` reads it).
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

/// Starts `executable` with `environment` and waits for it to end, killing it with SIGKILL if it is
/// still running at `deadline` or once it has written more than `outputLimit` bytes (standard
/// output and error together); a crash, a hang or endless output of the child is reported in the
/// result, never passed on. Its standard input is the file `input`, or empty. `onOutput` sees each
/// piece of output as it arrives (a build's progress, say).
///
/// Both outputs are read as they come, each on a thread of its own, so a child never blocks on a
/// full pipe (a crash report can be long) and never looks hung for it. Not on Dispatch's global
/// queue: on Linux Swift's tasks run on its threads too, and a read blocked there holds one of them
/// for the child's whole life (Dispatch adds a thread at most once a second when all are blocked).
/// The child is reaped the moment it ends, not once its pipes close (a process it started may hold
/// them open long after): while an ended child is not reaped, Swift Testing's exit-test monitor,
/// which waits for any child, spins.
///
/// With a `deadline`, the outputs are read until both close, the deadline passes, or two seconds
/// after the child ended, whichever comes first: a process that left its group (`setsid`) and
/// holds them open cannot keep the call waiting, and what it holds is not waited for.
/// With a `deadline` (on Linux), the child leads a process group of its own, and every kill goes to
/// the group: what the child started dies with it. At the deadline, whatever the group still holds
/// open of the output is killed too, even after the child itself ended: Swift's crash backtracer,
/// started by a crashing child that is then killed, can wait for ever on the child it was reading
/// and keep the pipes open, which would keep this call waiting with it.
/// Throws only when the process cannot be started at all.
public func runChildProcess(
    _ executable: URL, arguments: [String] = [], environment: [String: String], input: URL? = nil,
    deadline: Duration? = nil, outputLimit: Int? = nil, onOutput: (@Sendable (String) -> Void)? = nil
) async throws -> ChildProcessRun {
    let (output, errors) = (Pipe(), Pipe())
    #if canImport(Glibc)
        let ownGroup = deadline != nil
    #else
        // Foundation.Process starts no process group: kills reach the child alone.
        let ownGroup = false
    #endif
    let child = try start(
        executable, arguments: arguments, environment: environment, input: input, output: output,
        errors: errors, ownGroup: ownGroup)
    try output.fileHandleForWriting.close()
    try errors.fileHandleForWriting.close()
    let supervision = Supervision(pid: child.pid, ownGroup: ownGroup)
    let stopAt = deadline.map { ContinuousClock.now + $0 }
    let alarms = try (ReadAlarm(stopAt: stopAt), ReadAlarm(stopAt: stopAt))
    defer { (alarms.0.close(), alarms.1.close()) }
    if let deadline {
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline.timeInterval) {
            supervision.kill(because: .killedAtDeadline(deadline))
            supervision.killWhatHoldsTheOutputOpen()
        }
    }
    /// A reader stopped: at the deadline, the child is killed (if it is still running) and what
    /// holds its output open; soon after it ended, what it left holding the output.
    @Sendable func stopped() {
        if let deadline, let stopAt, ContinuousClock.now >= stopAt {
            supervision.kill(because: .killedAtDeadline(deadline))
        }
        supervision.killWhatHoldsTheOutputOpen()
    }
    let written = Locked(0)
    @Sendable func read(_ pipe: Pipe, _ alarm: ReadAlarm) async -> Data {
        await withCheckedContinuation { done in
            Thread.detachNewThread {
                var kept = Data()
                let descriptor = pipe.fileHandleForReading.fileDescriptor
                while let data = alarm.read(descriptor, stopped: stopped) {
                    let room = written.withLock { total in
                        defer { total += data.count }
                        return outputLimit.map { $0 - total } ?? data.count
                    }
                    kept.append(data.prefix(max(0, room)))
                    if let outputLimit, room < data.count {
                        supervision.kill(because: .tooMuchOutput(bytes: outputLimit))
                    }
                    onOutput?(String(decoding: data.prefix(max(0, room)), as: UTF8.self))
                }
                supervision.outputClosed()
                done.resume(returning: kept)
            }
        }
    }
    async let outputData = read(output, alarms.0)
    async let errorData = read(errors, alarms.1)
    // A thread of its own too: waiting blocks it until the child ends.
    let ending = await withCheckedContinuation { done in
        Thread.detachNewThread {
            child.waitUntilEnded()
            if deadline != nil {
                // What the child wrote is in the pipes by now; a process it left (in its group or
                // one it moved out with `setsid`) gets a moment more, not the rest of the deadline.
                let soon = ContinuousClock.now + afterTheChildEnded
                (alarms.0.stop(atLatest: soon), alarms.1.stop(atLatest: soon))
            }
            done.resume(returning: supervision.ended(reaping: child.reap))
        }
    }
    let (standardOutput, standardError) = await (outputData, errorData)
    return ChildProcessRun(
        ending: ending, outputData: standardOutput, errors: String(decoding: standardError, as: UTF8.self))
}

/// How long, with a deadline, the output is still read after the child ended: a check process
/// writes its verdict before it ends, so only what it left running can write later.
let afterTheChildEnded = Duration.seconds(2)

/// Why a child process could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What could not be done, with the system's error number where there is one.
    public let description: String

    /// Makes the error from the sentence that says what failed.
    public init(description: String) {
        self.description = description
    }
}

/// Kills a running child once, remembering why, and never after it has been waited for, when its
/// process id may already belong to another process; for a child that leads its own process group,
/// kills the group, and what is left of it once the child has ended.
private final class Supervision: Sendable {
    private let pid: Int32
    private let ownGroup: Bool
    private let state = Locked<(killedBecause: ChildEnding?, ended: Bool, closedOutputs: Int)>(
        (nil, false, 0))

    init(pid: Int32, ownGroup: Bool) {
        self.pid = pid
        self.ownGroup = ownGroup
    }

    /// Reaps the ended child with `reap`, after which it is never killed, and returns how it ended:
    /// why it was killed, if it was.
    func ended(reaping reap: () -> ChildEnding) -> ChildEnding {
        state.withLock { state in
            state.ended = true
            let ending = reap()
            return state.killedBecause ?? ending
        }
    }

    func kill(because reason: ChildEnding) {
        state.withLock { state in
            guard !state.ended, state.killedBecause == nil else { return }
            state.killedBecause = reason
            stop(ownGroup ? -pid : pid)
        }
    }

    /// Notes that one of the child's two outputs reached its end: nothing holds it open any more.
    func outputClosed() {
        state.withLock { $0.closedOutputs += 1 }
    }

    /// Kills the rest of the child's process group when the child has ended and an output is still
    /// open: a process of the group holds it, so the group's id still names that group and no other.
    func killWhatHoldsTheOutputOpen() {
        state.withLock { state in
            guard ownGroup, state.ended, state.closedOutputs < 2 else { return }
            stop(-pid)
        }
    }
}

/// Sends SIGKILL, which a process cannot catch or ignore, to a process or, for a negative number,
/// to a process group.
private func stop(_ processOrGroup: Int32) {
    _ = kill(processOrGroup, SIGKILL)
}

/// A started child process and how to wait for it.
private struct StartedChild: Sendable {
    let pid: Int32
    /// Blocks until the child has ended. Where the platform allows, it is left unreaped, so that its
    /// process id cannot pass to another process before `reap`.
    let waitUntilEnded: @Sendable () -> Void
    /// Reaps the ended child and says how it ended.
    let reap: @Sendable () -> ChildEnding
}

/// Starts the child with its standard output and error on the writing ends of `output` and
/// `errors`.
private func start(
    _ executable: URL, arguments: [String], environment: [String: String], input: URL?, output: Pipe,
    errors: Pipe, ownGroup: Bool
) throws -> StartedChild {
    #if canImport(Glibc)
        let pid = try spawnChild(
            executable, arguments: arguments, environment: environment, input: input,
            output: .descriptor(output.fileHandleForWriting.fileDescriptor),
            errors: .descriptor(errors.fileHandleForWriting.fileDescriptor), ownGroup: ownGroup)
        return StartedChild(
            pid: pid, waitUntilEnded: { waitUntilChildEnds(pid) }, reap: { waitForChild(pid) })
    #else
        // Apple platforms keep `Foundation.Process`, which has no known fault there.
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let running = UncheckedProcess(process: process)
        return StartedChild(
            pid: process.processIdentifier, waitUntilEnded: { running.process.waitUntilExit() },
            reap: {
                running.process.terminationReason == .uncaughtSignal
                    ? .signalled(running.process.terminationStatus)
                    : .exited(running.process.terminationStatus)
            })
    #endif
}

#if !canImport(Glibc)
    /// A `Process` handed to the thread that waits for it; only that thread touches it afterwards.
    private struct UncheckedProcess: @unchecked Sendable {
        let process: Process
    }
#endif

#if canImport(Glibc)
    /// Where a spawned child's standard output or error goes.
    public enum ChildOutput: Sendable {
        /// A file, created or emptied first.
        case file(URL)
        /// A descriptor this process has open, such as a pipe's writing end.
        case descriptor(Int32)
    }

    /// Starts `executable` with `posix_spawn` and returns its process id; wait for it with
    /// `waitForChild(_:)`, and until then `endLeftoverChildren` leaves it alone.
    ///
    /// Not `Foundation.Process`: on Linux its `run()` now and then dies with a bad memory read while
    /// it lists `/proc/self/fd` to close inherited descriptors (fixed in swift-corelibs-foundation
    /// after Swift 6.3.1), and a suite that starts hundreds of children hit that about one run in
    /// eight. Here the child closes every descriptor above standard error itself, before `exec`.
    /// It starts with no signal blocked, as a `Process` child does, rather than with the mask of the
    /// thread that spawns it (a Dispatch thread blocks most signals, and gdb, for one, then hangs).
    /// With `ownGroup` it leads a new process group, whose id is its process id.
    public func spawnChild(
        _ executable: URL, arguments: [String], environment: [String: String], input: URL? = nil,
        output: ChildOutput, errors: ChildOutput, ownGroup: Bool = false
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
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var flags = POSIX_SPAWN_SETSIGMASK
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        // A program file written a moment ago is still open for writing in any child another
        // thread forked meanwhile, until that child execs, and starting it then fails with ETXTBSY
        // ("text file busy"): a race, seen here once in 40 runs of the suite, that passes within
        // milliseconds, so it is waited out for up to two seconds.
        let busyUntil = ContinuousClock.now + .seconds(2)
        var spawned = ETXTBSY
        while spawned == ETXTBSY {
            // Listed as it starts, so that `endLeftoverChildren` never takes it for a leftover.
            spawned = spawnedChildren.withLock { running in
                let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
                if result == 0 { running.insert(pid) }
                return result
            }
            guard spawned == ETXTBSY, ContinuousClock.now < busyUntil else { break }
            usleep(1_000)
        }
        guard spawned == 0 else {
            throw ChildProcessError(
                description: "could not start \(executable.path): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// Blocks until the child `pid` has ended, without reaping it.
    private func waitUntilChildEnds(_ pid: pid_t) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
    }

    /// Blocks until the child `pid` has ended, reaps it, and says how it ended.
    public func waitForChild(_ pid: pid_t) -> ChildEnding {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        _ = spawnedChildren.withLock { $0.remove(pid) }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
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
