import Foundation

/// A task executor with one thread of its own, for the work a test times or waits for with a
/// deadline: `Task(executorPreference: ThreadOfItsOwn.shared) { … }`.
///
/// Swift's tasks otherwise share a few threads (as many as the cores, for each priority), first
/// come first served: while the rest of the suite keeps them busy, a task that a test waits for can
/// wait seconds for its turn, and a deadline then measures how busy the suite is, not what the
/// test checks (issue 51). A task that prefers this executor, with its child tasks, runs here
/// instead, where nothing else queues. What runs here must only ever wait by suspending, never by
/// blocking the thread: a child process, for one, is waited for by threads of its own already.
public final class ThreadOfItsOwn: TaskExecutor, @unchecked Sendable {
    /// One thread, started on first use and kept for the life of the test process.
    public static let shared = ThreadOfItsOwn()

    /// The jobs waiting to run, in the order they came; guarded by `condition`.
    private var waiting: [UnownedJob] = []
    private let condition = NSCondition()

    private init() {
        let thread = Thread { self.runJobs() }
        thread.name = "test work thread"
        thread.start()
    }

    /// Queues `job` for the thread, which runs it after every job queued before it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        waiting.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs each job as it comes, for ever.
    private func runJobs() -> Never {
        while true {
            condition.lock()
            while waiting.isEmpty { condition.wait() }
            let job = waiting.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
