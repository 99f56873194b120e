import Locking

/// A clock that moves only when told to: a sleep on it ends once `advance(to:)` reaches its
/// deadline, however much or little real time has passed. The chapter's async rows hand it to the
/// retry loop, so each attempt's instant is exact and no row waits out a back-off.
///
/// A program passes `ContinuousClock` instead. As there, a sleep throws `CancellationError` when
/// its task is cancelled, and a deadline already past does not wait.
final class ManualClock: Clock, Sendable {
    /// An instant on the manual clock: how far the clock had been moved on from its start.
    struct Instant: InstantProtocol {
        var sinceStart: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(sinceStart: sinceStart + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.sinceStart - sinceStart
        }

        static func < (earlier: Instant, later: Instant) -> Bool {
            earlier.sinceStart < later.sinceStart
        }
    }

    /// A sleep in progress: when it ends, and the task it wakes.
    private struct Sleeper {
        var deadline: Instant
        var wake: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(sinceStart: .zero)
        var sleepers: [Int: Sleeper] = [:]
        /// Sleeps whose task was cancelled while they were not waiting: before they had begun (they
        /// then throw at once), or after they were woken (the number is never used again).
        var cancelledEarly: Set<Int> = []
        /// The number of the latest sleep begun, each sleep's own.
        var lastSleep = 0
    }

    private let state = Locked(State())

    var now: Instant { state.withLock { $0.now } }

    /// The manual clock has no steps of its own: it stands wherever it was moved to.
    var minimumResolution: Duration { .zero }

    /// When the earliest sleep in progress ends; nil while nothing sleeps.
    var nextDeadline: Instant? {
        state.withLock { $0.sleepers.values.map(\.deadline).min() }
    }

    /// Suspends until the clock is moved to `deadline` or past it; throws `CancellationError` when
    /// the task is cancelled first. The tolerance is ignored: the clock is exact.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let sleep = state.withLock { state in
            state.lastSleep += 1
            return state.lastSleep
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let ending: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelledEarly.remove(sleep) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[sleep] = Sleeper(deadline: deadline, wake: wake)
                    return nil
                }
                if let ending { wake.resume(with: ending) }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: sleep) else {
                    state.cancelledEarly.insert(sleep)
                    return Sleeper?.none
                }
                return sleeper
            }
            sleeper?.wake.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on to `instant` (never back) and wakes every sleep that ends by then, the
    /// earliest first.
    func advance(to instant: Instant) {
        let due = state.withLock { state in
            state.now = max(state.now, instant)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for sleep in due.keys { state.sleepers[sleep] = nil }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.wake.resume() }
    }
}

/// `ContinuousClock`, counting the sleeps begun on it, so that a row can cancel a retry loop once
/// it is in its back-off. Everything else, cancellation included, is `ContinuousClock`'s own.
struct SleepCountingClock: Clock {
    private let base = ContinuousClock()
    private let begun = Locked(0)

    var now: ContinuousClock.Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }

    /// How many sleeps have begun on this clock.
    var sleepsBegun: Int { begun.withLock { $0 } }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration? = nil) async throws {
        begun.withLock { $0 += 1 }
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}
