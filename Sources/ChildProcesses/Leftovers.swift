import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The children `spawnChild` started that no one has reaped yet: some thread waits for each of
/// them, so `endLeftoverChildren` never touches them. Held locked while a child is spawned, so a
/// sweep never sees a child that is started but not yet listed.
let spawnedChildren = Locked<Set<Int32>>([])

/// Makes this process the reaper of every process its children leave behind (Linux): a process
/// whose parent ends is handed to it rather than to `init`, so `endLeftoverChildren` can find it.
/// `workbook` calls this as it starts; code under check that starts a process in a session of its
/// own (`setsid`) could otherwise leave it running to tamper with later checks.
public func becomeChildSubreaper() {
    #if canImport(Glibc)
        _ = processControl(ProcessControlOption.setChildSubreaper, 1)
    #endif
}

/// Whether this process is a child subreaper (`becomeChildSubreaper`); never on Apple platforms.
public var isChildSubreaper: Bool {
    #if canImport(Glibc)
        var flag: Int32 = 0
        return withUnsafeMutablePointer(to: &flag) { pointer in
            processControl(ProcessControlOption.getChildSubreaper, UInt(bitPattern: pointer)) == 0
        } && flag != 0
    #else
        return false
    #endif
}

/// Kills with SIGKILL and reaps every child of this process that `spawnChild` did not start or
/// that has already been reaped for its waiter: what check processes left behind, handed to this
/// process as their reaper. Children another thread waits for are never touched. A killed child's
/// own children are handed here in turn, so it sweeps again until none is left, for at most
/// `deadline`. Returns how many it ended. Does nothing in a process that is not a child subreaper
/// (`swift test`'s, say), where the children it has not spawned are not leftovers.
@discardableResult
public func endLeftoverChildren(deadline: Duration = .seconds(5)) -> Int {
    guard isChildSubreaper else { return 0 }
    let giveUpAt = ContinuousClock.now + deadline
    var ended = 0
    while ContinuousClock.now < giveUpAt {
        let killed = spawnedChildren.withLock { running in
            let leftovers = childrenOfThisProcess().subtracting(running)
            for pid in leftovers { kill(pid, SIGKILL) }
            return leftovers
        }
        guard !killed.isEmpty else { break }
        for pid in killed where reap(pid, before: giveUpAt) { ended += 1 }
    }
    return ended
}

/// Reaps the killed child `pid`, polling until it has ended or `giveUpAt` passes; whether it did.
private func reap(_ pid: Int32, before giveUpAt: ContinuousClock.Instant) -> Bool {
    var pause: UInt32 = 200
    while true {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid || (result == -1 && errno == ECHILD) { return true }
        guard ContinuousClock.now < giveUpAt else { return false }
        usleep(pause)
        pause = min(pause * 2, 20_000)
    }
}

/// The process ids whose parent is this process, from `/proc/<pid>/stat` (Linux; none elsewhere).
func childrenOfThisProcess() -> Set<Int32> {
    #if canImport(Glibc)
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(
            entries.compactMap { entry -> Int32? in
                guard let pid = Int32(entry), let parent = parentProcess(of: pid), parent == me else {
                    return nil
                }
                return pid
            })
    #else
        return []
    #endif
}

/// The parent process id in `/proc/<pid>/stat`: the second field after the command's name, which
/// is in parentheses and may hold spaces and parentheses itself.
private func parentProcess(of pid: Int32) -> Int32? {
    let file = open("/proc/\(pid)/stat", O_RDONLY)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(file, &bytes, bytes.count)
    guard count > 0 else { return nil }
    let stat = String(decoding: bytes.prefix(count), as: UTF8.self)
    guard let end = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    return fields.count > 1 ? Int32(fields[1]) : nil
}
