import Locking

/// A `Clock` whose time moves only when the check moves it: the async answers' pauses, as
/// `VirtualTimeScheduler` is the publishers'.
///
/// A sleep ends when `advance(by:)` moves the clock to or past its deadline, and throws
/// `CancellationError` at once when its task is cancelled, as `Task.sleep` does. The check cannot
/// see inside the tasks of the code under check, so it counts the sleeps begun (`sleepsBegun`):
/// one more after a key is typed says that the code has taken the key and is waiting out a pause.
public final class VirtualClock: Clock, Sendable {
    /// An instant on the virtual clock: how far it has moved since it was made.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// How far the clock had moved from its start at this instant.
        public var offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// How far `other` is from this instant; negative when it comes first.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset written as `t=` and the duration, for a check's message.
        public var description: String { "t=\(offset)" }
    }

    private struct Sleeper {
        let deadline: Instant
        let wake: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        /// Sleeps whose task was cancelled before they were put to sleep.
        var cancelledEarly: Set<Int> = []
        var sleepsBegun = 0
    }

    private let state = Locked(State())

    /// A clock at its start, with no sleeper.
    public init() {}

    /// Where the clock is: the sum of every `advance(by:)` so far.
    public var now: Instant { state.withLock { $0.now } }

    /// One nanosecond: virtual time has no coarser grain than `Duration`'s own.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// How many sleeps the code has begun on this clock.
    public var sleepsBegun: Int { state.withLock { $0.sleepsBegun } }

    /// Waits until `advance(by:)` moves the clock to `deadline` or past it; at once when it is
    /// already there. `tolerance` changes nothing here. Throws `CancellationError` when its task is
    /// cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.sleepsBegun += 1
            return state.sleepsBegun
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let asleep = state.withLock { state -> Bool? in
                    if state.cancelledEarly.remove(id) != nil { return nil }
                    guard deadline > state.now else { return false }
                    state.sleepers[id] = Sleeper(deadline: deadline, wake: wake)
                    return true
                }
                switch asleep {
                case nil: wake.resume(throwing: CancellationError())
                case false?: wake.resume()
                case true?: break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledEarly.insert(id)
                    return Sleeper?.none
                }
                return sleeper
            }
            sleeper?.wake.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `duration` and wakes every sleep whose deadline it reached, the
    /// earliest first. The woken tasks go on by themselves, after this returns.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
                .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
            for (id, _) in due { state.sleepers[id] = nil }
            return due.map(\.value.wake)
        }
        for wake in woken { wake.resume() }
    }
}
