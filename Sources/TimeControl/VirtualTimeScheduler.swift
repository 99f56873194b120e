import Combine
import Locking

/// A scheduler whose clock moves only when the test moves it, so delays, debounces, timeouts and
/// retry backoff can be checked to the nanosecond without waiting.
///
/// Work scheduled for an instant runs when the clock is advanced to or past it, on the thread that
/// advances, in order of instant and, at the same instant, in the order it was scheduled. Work
/// scheduled for "now" (`schedule(options:_:)`, or an instant already past) does not run inside the
/// call that schedules it: it waits for the next `advance` (even `advance(by: .zero)`) or `run()`.
/// That keeps the caller's stack free of re-entrant callbacks and lets a test look at the state
/// before the immediate work happens, as the test schedulers on Apple platforms do.
///
/// Safe to call from any thread; advance the clock from one thread at a time.
public final class VirtualTimeScheduler: Scheduler, Sendable {
    /// An instant on the virtual clock, in nanoseconds since the clock's origin.
    public struct SchedulerTimeType: Strideable, Hashable, Codable, Sendable, CustomStringConvertible {
        /// How far past the clock's origin this instant is.
        public var nanoseconds: Int

        /// The instant `nanoseconds` past the origin.
        public init(nanoseconds: Int) {
            self.nanoseconds = nanoseconds
        }

        /// The span from this instant to `other`; negative when `other` comes first.
        public func distance(to other: Self) -> Stride {
            .nanoseconds(other.nanoseconds - nanoseconds)
        }

        /// The instant `n` later (earlier, for a negative span).
        public func advanced(by n: Stride) -> Self {
            Self(nanoseconds: nanoseconds + n.nanoseconds)
        }

        /// The instant as `t=` and its span from the origin, such as `t=1500ms`, for a test's message.
        public var description: String {
            "t=" + Stride.nanoseconds(nanoseconds).description
        }

        /// A signed span of virtual time in nanoseconds; integer and floating-point literals count
        /// seconds, so `1.5` is a second and a half.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Codable, Sendable, CustomStringConvertible
        {
            /// The span's length in nanoseconds, negative for a span that points back.
            public var nanoseconds: Int

            /// A span of `nanoseconds`.
            public init(nanoseconds: Int) {
                self.nanoseconds = nanoseconds
            }

            /// A span of `seconds` whole seconds, so `2` reads as two seconds.
            public init(integerLiteral seconds: Int) {
                self = .seconds(seconds)
            }

            /// A span of `seconds` seconds, rounded to the nanosecond, so `0.25` reads as a quarter second.
            public init(floatLiteral seconds: Double) {
                self = .seconds(seconds)
            }

            /// A span of `source` seconds, or `nil` when that many nanoseconds do not fit in an `Int`.
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = Int(exactly: source) else { return nil }
                let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                if overflow { return nil }
                self.init(nanoseconds: nanoseconds)
            }

            /// The span's length, whichever way it points.
            public var magnitude: UInt {
                nanoseconds.magnitude
            }

            /// A span of `s` whole seconds.
            public static func seconds(_ s: Int) -> Self { Self(nanoseconds: s * 1_000_000_000) }
            /// A span of `s` seconds, rounded to the nearest nanosecond.
            public static func seconds(_ s: Double) -> Self {
                Self(nanoseconds: Int((s * 1_000_000_000).rounded()))
            }
            /// A span of `ms` milliseconds.
            public static func milliseconds(_ ms: Int) -> Self { Self(nanoseconds: ms * 1_000_000) }
            /// A span of `us` microseconds.
            public static func microseconds(_ us: Int) -> Self { Self(nanoseconds: us * 1_000) }
            /// A span of `ns` nanoseconds.
            public static func nanoseconds(_ ns: Int) -> Self { Self(nanoseconds: ns) }

            /// Whether `lhs` is the shorter span, counting a backward span as less than none.
            public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
            /// The two spans end to end.
            public static func + (lhs: Self, rhs: Self) -> Self {
                Self(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
            }
            /// `lhs` less `rhs`.
            public static func - (lhs: Self, rhs: Self) -> Self {
                Self(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
            }
            /// The product of the two nanosecond counts, the multiplication `SignedNumeric` asks for.
            public static func * (lhs: Self, rhs: Self) -> Self {
                Self(nanoseconds: lhs.nanoseconds * rhs.nanoseconds)
            }
            /// Lengthens `lhs` by `rhs`.
            public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
            /// Shortens `lhs` by `rhs`.
            public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
            /// Sets `lhs` to `lhs * rhs`, the product of the nanosecond counts.
            public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

            /// The span in the largest unit that divides it exactly, as `1500ms` or `2s`.
            public var description: String {
                let units: [(divisor: Int, suffix: String)] = [
                    (1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "µs"),
                ]
                for unit in units where nanoseconds != 0 && nanoseconds % unit.divisor == 0 {
                    return "\(nanoseconds / unit.divisor)\(unit.suffix)"
                }
                return "\(nanoseconds)ns"
            }
        }
    }

    /// The virtual clock takes no options.
    public typealias SchedulerOptions = Never

    private let state: Locked<Queue>

    /// A clock that reads `now` (the origin, by default) until it is advanced.
    public init(now: SchedulerTimeType = SchedulerTimeType(nanoseconds: 0)) {
        state = Locked(Queue(now: now.nanoseconds))
    }

    /// Where the virtual clock is: its starting instant plus every advance so far.
    public var now: SchedulerTimeType {
        SchedulerTimeType(nanoseconds: state.withLock { $0.now })
    }

    /// Virtual time is exact, so no tolerance is needed.
    public var minimumTolerance: SchedulerTimeType.Stride {
        .zero
    }

    /// How many actions are waiting to run, counting a live repeating action once.
    public var scheduledActionCount: Int {
        state.withLock { $0.pending.count }
    }

    /// The instant the earliest queued action falls due; nil when nothing is queued.
    public var nextDueInstant: SchedulerTimeType? {
        state.withLock { $0.pending.map(\.due).min().map(SchedulerTimeType.init(nanoseconds:)) }
    }

    /// Queues `action` for the current instant; it runs on the next `advance` or `run()`.
    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        enqueue(ScheduledAction(action), at: nil, repeatingEvery: nil)
    }

    /// Queues `action` for `date`; tolerance is meaningless on an exact clock.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) {
        enqueue(ScheduledAction(action), at: date.nanoseconds, repeatingEvery: nil)
    }

    /// Queues `action` for `date` and then every `interval` after it, until cancelled.
    ///
    /// An interval below one nanosecond repeats every nanosecond, so that advancing always ends.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let id = enqueue(
            ScheduledAction(action), at: date.nanoseconds, repeatingEvery: max(interval.nanoseconds, 1))
        return AnyCancellable { [weak self] in
            self?.state.withLock { $0.pending.removeAll { $0.id == id } }
        }
    }

    /// Moves the clock forward by `stride`, running every action that falls due on the way.
    public func advance(by stride: SchedulerTimeType.Stride = .zero) {
        advance(to: now.advanced(by: stride))
    }

    /// Moves the clock to `instant`, running every action due at or before it. Each action runs
    /// with `now` reading its own instant, and actions it schedules within the range run too.
    public func advance(to instant: SchedulerTimeType) {
        let target = instant.nanoseconds
        let current = state.withLock { $0.now }
        precondition(target >= current, "cannot move a virtual clock back from \(now) to \(instant)")
        while let action = state.withLock({ $0.takeNext(dueBy: target) }) {
            action.run()
        }
        state.withLock { $0.now = max($0.now, target) }
    }

    /// Runs every queued action, moving the clock to each one's instant, until none is left.
    ///
    /// A repeating action keeps the queue from emptying, so cancel it first; `run()` stops the
    /// process after a million actions rather than spin forever.
    public func run() {
        var remaining = 1_000_000
        while let action = state.withLock({ $0.takeNext(dueBy: .max) }) {
            precondition(remaining > 0, "VirtualTimeScheduler.run(): a repeating action is still scheduled")
            remaining -= 1
            action.run()
        }
    }

    @discardableResult
    private func enqueue(_ action: ScheduledAction, at instant: Int?, repeatingEvery interval: Int?) -> UInt64
    {
        state.withLock { queue in
            let id = queue.nextSequence()
            let due = instant ?? queue.now
            queue.pending.append(
                PendingAction(id: id, due: due, order: id, interval: interval, action: action))
            return id
        }
    }
}

extension VirtualTimeScheduler {
    /// A scheduled closure. The `Scheduler` protocol hands over closures that are not `Sendable`; like
    /// a dispatch queue, this scheduler runs each one on another thread (the one that advances the
    /// clock), and keeping that safe is the caller's side of the contract, as it is with any scheduler.
    private struct ScheduledAction: @unchecked Sendable {
        let run: () -> Void

        init(_ run: @escaping () -> Void) {
            self.run = run
        }
    }

    private struct PendingAction: Sendable {
        let id: UInt64
        var due: Int
        /// Breaks ties between actions due at the same instant: lower runs first.
        var order: UInt64
        let interval: Int?
        let action: ScheduledAction
    }

    /// The clock and what is waiting on it, kept under one mutex.
    private struct Queue: Sendable {
        var now: Int
        var pending: [PendingAction] = []
        private var sequence: UInt64 = 0

        init(now: Int) {
            self.now = now
        }

        mutating func nextSequence() -> UInt64 {
            sequence += 1
            return sequence
        }

        /// Takes the earliest action due by `target`, moves the clock to its instant, and re-queues it
        /// one interval later when it repeats.
        mutating func takeNext(dueBy target: Int) -> ScheduledAction? {
            guard
                let index = pending.indices.min(by: {
                    (pending[$0].due, pending[$0].order) < (pending[$1].due, pending[$1].order)
                }),
                pending[index].due <= target
            else { return nil }
            let next = pending[index]
            now = max(now, next.due)
            if let interval = next.interval {
                pending[index].due = max(next.due, now) + interval
                pending[index].order = nextSequence()
            } else {
                pending.remove(at: index)
            }
            return next.action
        }
    }
}
