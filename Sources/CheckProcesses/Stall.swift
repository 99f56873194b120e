import Foundation
import Locking
import Verdicts

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How the code under check can stop a check from ever finishing, each named for what it is.
public enum Stall: String, Codable, Sendable {
    /// A call into the code never returned: a loop that never ends, or a wait nothing signals.
    case codeNeverReturned
    /// The main thread never came back to run the main queue, so nothing sent there can run.
    case mainThreadBlocked

    /// What to look at when a check stalled so.
    public var hint: String {
        switch self {
        case .codeNeverReturned:
            "Something in your code never returned: look for a loop whose condition never changes (a wait for the virtual clock to move, say: it moves only when the check moves it, once your code has scheduled something on it), or a wait on a semaphore or a lock that nothing signals."
        case .mainThreadBlocked:
            "The main thread is waiting and never comes back: a semaphore's wait(), DispatchQueue.main.sync or a sleep on it. Work sent to the main queue (receive(on: DispatchQueue.main), a main-actor model's updates) then never runs, so what the wait waits for never arrives. Never block the main thread: let the pipeline deliver the result and update the model when it does."
        }
    }

    /// The verdict for a check that stalled so: what stood still, and for how long.
    var verdict: Verdict {
        let quiet = "over \(Int(StallWatch.limit.timeInterval)) s"
        return switch self {
        case .codeNeverReturned:
            Verdict(
                expected: "each call into the code to return",
                measured:
                    "hung: URLSession's callback queue was still inside the code after \(quiet) (a loop that never ends, or a wait that is never signalled?)",
                holds: false)
        case .mainThreadBlocked:
            Verdict(
                expected: "the main thread free to run the main queue",
                measured:
                    "blocked main thread: it ran nothing from the main queue for \(quiet) (a wait on the main thread that nothing can signal?)",
                holds: false)
        }
    }
}

/// Whether the check itself is holding the main thread, and when it last let it go (see
/// `holdingTheMainThreadForTheCheck`).
private let checksHold = Locked((holding: false, freedAt: ContinuousClock.Instant?.none))

/// Runs `body`, which holds the main thread on the check's own behalf, with the watch of the main
/// queue paused: a check that blocks the main thread to see where the code lets go of something
/// must not be reported as code that blocked it. The watch's clock starts again when `body`
/// returns.
public func holdingTheMainThreadForTheCheck<Result>(_ body: () -> Result) -> Result {
    checksHold.withLock { $0.holding = true }
    defer { checksHold.withLock { $0 = (holding: false, freedAt: .now) } }
    return body()
}

/// Watches the queues the code under check's callbacks run on, the main queue and each lab
/// session's callback queue, and calls `onStall` once if one of them runs nothing for `limit`.
///
/// Every few milliseconds it sends each queue an empty piece of work and notes when it ran. A
/// queue that a correct answer uses is busy for milliseconds at a time, and a check waits
/// `CheckPatience` (four seconds) for what the code should do, so a queue still stuck after two
/// seconds is held by code that will not return, and the check hears so before it gives up. The
/// watch runs on a thread of its own, so code that ties up every Dispatch thread cannot stop it.
///
/// Only time the watch saw pass counts (see `SeenTime`): when a crash in the code under check
/// freezes every thread while Swift writes the backtrace, the main queue has run nothing for as long,
/// and a watch that woke first would report that freeze as a blocked main thread.
public final class StallWatch: Sendable {
    /// How long a watched queue may run nothing before it counts as stalled.
    static let limit = Duration.seconds(2)

    private struct Watched: Sendable {
        let stall: Stall
        let send: @Sendable (@escaping @Sendable () -> Void) -> Void
        var waitingSince: Duration?
    }

    private let watched = Locked<[Watched]>([])
    private let limit: Duration
    private let onStall: @Sendable (Stall) -> Void

    /// A watch that calls `onStall` once a queue has run nothing for `limit` (shorter only in tests).
    init(limit: Duration = StallWatch.limit, onStall: @escaping @Sendable (Stall) -> Void) {
        self.limit = limit
        self.onStall = onStall
    }

    /// Starts watching the main queue, on a thread of its own.
    func start() {
        add(.mainThreadBlocked) { work in DispatchQueue.main.async(execute: work) }
        let thread = Thread { [self] in
            var time = SeenTime(from: .now)
            while true {
                Thread.sleep(forTimeInterval: 0.02)
                time.advance(to: .now)
                if let stall = look(at: time) {
                    onStall(stall)
                    return
                }
            }
        }
        thread.start()
    }

    /// Watches the queue `session` calls back on.
    public func watch(_ session: URLSession) {
        let queue = UncheckedQueue(queue: session.delegateQueue)
        add(.codeNeverReturned) { work in queue.queue.addOperation(work) }
    }

    private func add(_ stall: Stall, send: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        watched.withLock { $0.append(Watched(stall: stall, send: send, waitingSince: nil)) }
    }

    /// Sends an empty piece of work to each queue that has run the last one, and returns the first
    /// stall found: the main thread's first, since a blocked main thread can hold up the others.
    private func look(at time: SeenTime) -> Stall? {
        let now = time.seen
        let hold = checksHold.withLock { $0 }
        let (toSend, stalled) = watched.withLock { watched in
            var toSend: [Int] = []
            for index in watched.indices {
                guard watched[index].waitingSince != nil else {
                    watched[index].waitingSince = now
                    toSend.append(index)
                    continue
                }
                // The main queue's wait starts again while the check holds the main thread, and
                // once more at the first look after the hold ends.
                if watched[index].stall == .mainThreadBlocked
                    && (hold.holding || hold.freedAt.map { $0 >= time.previousLook } ?? false)
                {
                    watched[index].waitingSince = now
                }
            }
            let stalled = watched.filter { $0.waitingSince.map { now - $0 >= limit } ?? false }
                .min { $0.stall == .mainThreadBlocked && $1.stall != .mainThreadBlocked }
            return (toSend.map { (index: $0, send: watched[$0].send) }, stalled)
        }
        if let stalled { return stalled.stall }
        for (index, send) in toSend {
            send { [watched] in watched.withLock { $0[index].waitingSince = nil } }
        }
        return nil
    }
}

/// The time a watching thread has seen pass, look by look: a gap between two looks longer than
/// `longestGap` counts as `longestGap`, because the thread was not running to see it (every
/// thread frozen while Swift writes a crash's backtrace, or this one kept off the processor on a
/// busy machine), and what it did not see it cannot blame on the queues it watches.
struct SeenTime {
    /// Five of the watch's 20 ms naps: a longer gap means the watch itself stood still.
    static let longestGap = Duration.milliseconds(100)

    /// The time seen since the first look.
    private(set) var seen = Duration.zero
    /// When the look before the latest was made.
    private(set) var previousLook: ContinuousClock.Instant
    private var latestLook: ContinuousClock.Instant

    init(from start: ContinuousClock.Instant) {
        previousLook = start
        latestLook = start
    }

    /// Counts the time from the latest look to `now`, up to `longestGap`.
    mutating func advance(to now: ContinuousClock.Instant) {
        seen += min(now - latestLook, Self.longestGap)
        (previousLook, latestLook) = (latestLook, now)
    }
}

/// A session's callback queue, handed to the watch's thread, which only adds work to it.
private struct UncheckedQueue: @unchecked Sendable {
    let queue: OperationQueue
}
