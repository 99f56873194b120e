import Dispatch
import Foundation
import Locking
import Synchronization

/// A socket the event loop watches; its methods are called on the loop's thread only.
protocol LoopSocket: AnyObject {
    var descriptor: Int32 { get }
    var wantsToRead: Bool { get }
    var wantsToWrite: Bool { get }
    /// Called when the socket has bytes, an end of stream or an error to report.
    func readable()
    /// Called when the socket can take more bytes.
    func writable()
}

/// One thread that waits on the server's sockets with `poll(2)` and runs the server's tasks.
///
/// It is the task executor of every connection's exchange task, so a request that arrives, the
/// handler that answers it and the write of the answer all happen on this thread, without handing
/// work between threads. Everything the loop owns is touched on its thread only; other threads
/// reach it through `execute(_:)`, which wakes `poll` through a pipe.
final class EventLoop: TaskExecutor, @unchecked Sendable {  // Loop state is confined to `thread`.
    /// Scratch space for reads; only one read runs at a time, on the loop's thread.
    let readBuffer: UnsafeMutableRawBufferPointer

    /// Set once by the loop's thread before `init` returns; read-only afterwards.
    private var thread = pthread_self()
    /// Once the loop has ended, its thread's identifier may be handed to a new thread.
    private let exited = Atomic(false)
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let remote = Locked(RemoteWork())
    private var sockets: [ObjectIdentifier: any LoopSocket] = [:]
    private var localJobs: [UnownedJob] = []
    private var date = HTTPDate()
    private var nextDeadline: ContinuousClock.Instant?
    private var running = true
    /// Called when `nextDeadline` passes; returns the next one.
    private var deadlineReached: () -> ContinuousClock.Instant? = { nil }

    private struct RemoteWork {
        var jobs: [UnownedJob] = []
        var closures: [@Sendable () -> Void] = []
        var exited = false
    }

    /// Starts the loop's thread and returns once it runs.
    init(name: String) throws(LocalServerError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .socket(call: "pipe", errno: errno) }
        (wakeReader, wakeWriter) = (ends[0], ends[1])
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 1)
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let started = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            #if os(Linux)
                // Named for debuggers and profilers (Glibc's pthread_setname_np is not visible to Swift).
                try? name.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
            #endif
            self.thread = pthread_self()
            started.signal()
            run()
        }
        thread.start()
        started.wait()
    }

    /// Whether the caller is on the loop's thread.
    var isCurrent: Bool { pthread_equal(pthread_self(), thread) != 0 && !exited.load(ordering: .relaxed) }

    /// Runs `work` on the loop's thread (at once when already there).
    func execute(_ work: @escaping @Sendable () -> Void) {
        if isCurrent {
            work()
        } else {
            submit {
                $0.closures.append(work)
            } orElse: {
                DispatchQueue.global().async(execute: work)
            }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if isCurrent {
            localJobs.append(job)
        } else {
            submit {
                $0.jobs.append(job)
            } orElse: {
                // A task that outlived the loop finishes on a global thread; its connection is closed by then.
                DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
            }
        }
    }

    // MARK: Loop-thread API

    /// The `Date` header value for a response written now.
    func currentDate() -> [UInt8] {
        date.now()
    }

    func add(_ socket: any LoopSocket) {
        sockets[ObjectIdentifier(socket)] = socket
    }

    func remove(_ socket: any LoopSocket) {
        sockets[ObjectIdentifier(socket)] = nil
    }

    /// Makes sure the loop wakes by `deadline` to call the deadline handler.
    func wake(by deadline: ContinuousClock.Instant) {
        nextDeadline = min(nextDeadline ?? deadline, deadline)
    }

    func onDeadline(_ handler: @escaping () -> ContinuousClock.Instant?) {
        deadlineReached = handler
    }

    /// Ends the loop after the current turn; work submitted later runs on global threads instead.
    func exit() {
        running = false
    }

    // MARK: The loop

    private func run() {
        var descriptors: [pollfd] = []
        var watched: [any LoopSocket] = []
        while running {
            runPendingWork()
            guard running else { break }
            descriptors.removeAll(keepingCapacity: true)
            watched.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0))
            for socket in sockets.values {
                let events = (socket.wantsToRead ? POLLIN : 0) | (socket.wantsToWrite ? POLLOUT : 0)
                descriptors.append(pollfd(fd: socket.descriptor, events: Int16(events), revents: 0))
                watched.append(socket)
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), pollTimeout())
            if ready > 0 {
                dispatchEvents(descriptors, watched)
            }
            if let deadline = nextDeadline, ContinuousClock.now >= deadline {
                nextDeadline = deadlineReached()
            }
        }
        exited.store(true, ordering: .relaxed)
        let lateWork = remote.withLock { remote in
            remote.exited = true
            defer { remote = RemoteWork(exited: true) }
            return remote
        }
        _ = close(wakeReader)
        _ = close(wakeWriter)
        readBuffer.deallocate()
        lateWork.closures.forEach { $0() }
        for job in lateWork.jobs {
            DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    private func dispatchEvents(_ descriptors: [pollfd], _ watched: [any LoopSocket]) {
        if descriptors[0].revents != 0 {
            drainWakePipe()
        }
        let readEvents = Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL)
        for (index, socket) in watched.enumerated() {
            let events = descriptors[index + 1].revents
            if events & Int16(POLLOUT) != 0 { socket.writable() }
            if events & readEvents != 0 { socket.readable() }
        }
    }

    /// Runs local jobs and work from other threads until there is none left.
    private func runPendingWork() {
        while true {
            while !localJobs.isEmpty {
                let jobs = localJobs
                localJobs.removeAll(keepingCapacity: true)
                for job in jobs {
                    job.runSynchronously(on: asUnownedTaskExecutor())
                }
            }
            let work = remote.withLock { remote in
                defer { (remote.jobs, remote.closures) = ([], []) }
                return (remote.jobs, remote.closures)
            }
            guard !work.0.isEmpty || !work.1.isEmpty else { return }
            localJobs.append(contentsOf: work.0)
            work.1.forEach { $0() }
        }
    }

    private func pollTimeout() -> Int32 {
        guard let deadline = nextDeadline else { return -1 }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        // Rounded up, so that the loop never wakes just before the deadline and sleeps again.
        return Int32(min(remaining.nanoseconds / 1_000_000 + 1, UInt64(Int32.max)))
    }

    /// Queues work from another thread and wakes `poll` when the queue was empty; runs `fallback`
    /// instead once the loop has exited.
    private func submit(_ add: (inout RemoteWork) -> Void, orElse fallback: () -> Void) {
        let accepted = remote.withLock { remote in
            guard !remote.exited else { return false }
            let wasEmpty = remote.jobs.isEmpty && remote.closures.isEmpty
            add(&remote)
            if wasEmpty {
                // Written under the lock, so the loop cannot close the pipe in between.
                var byte: UInt8 = 1
                _ = write(wakeWriter, &byte, 1)
            }
            return true
        }
        if !accepted { fallback() }
    }

    private func drainWakePipe() {
        var bytes: (UInt64, UInt64) = (0, 0)
        while read(wakeReader, &bytes, MemoryLayout.size(ofValue: bytes)) > 0 {}
    }
}

extension Duration {
    /// The whole duration in nanoseconds (zero when negative).
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds)) / 1_000_000_000
    }
}
