/// A stride type that can be built from the usual units of time.
///
/// Every scheduler's `Stride` conforms, so operators and callers can write `.milliseconds(250)`
/// whatever clock the scheduler keeps.
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// Something that runs closures now or at a time of its own clock: a queue, a run loop, a test clock.
///
/// Time-based operators (`delay`, `debounce`, `timeout`, ...) read `now` and schedule their work
/// here, which is what lets a test swap a real queue for a virtual clock.
public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable
    where Self.SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions

    /// The current instant of this scheduler's clock.
    var now: Self.SchedulerTimeType { get }

    /// The smallest tolerance the scheduler honours; asking for less gets this.
    var minimumTolerance: Self.SchedulerTimeType.Stride { get }

    /// Runs `action` as soon as the scheduler can.
    func schedule(options: Self.SchedulerOptions?, _ action: @escaping () -> Void)

    /// Runs `action` once, no earlier than `date` and ideally within `tolerance` after it.
    func schedule(
        after date: Self.SchedulerTimeType, tolerance: Self.SchedulerTimeType.Stride,
        options: Self.SchedulerOptions?, _ action: @escaping () -> Void)

    /// Runs `action` at `date` and then every `interval`, until the returned value is cancelled.
    func schedule(
        after date: Self.SchedulerTimeType, interval: Self.SchedulerTimeType.Stride,
        tolerance: Self.SchedulerTimeType.Stride, options: Self.SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable
}

// The shorter forms: no options, and the scheduler's own minimum tolerance when none is given.
extension Scheduler {
    public func schedule(after date: Self.SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }

    public func schedule(_ action: @escaping () -> Void) {
        schedule(options: nil, action)
    }

    public func schedule(
        after date: Self.SchedulerTimeType, tolerance: Self.SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    public func schedule(
        after date: Self.SchedulerTimeType, interval: Self.SchedulerTimeType.Stride,
        tolerance: Self.SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }

    public func schedule(
        after date: Self.SchedulerTimeType, interval: Self.SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }
}
