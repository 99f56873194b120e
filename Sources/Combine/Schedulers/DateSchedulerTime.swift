import Foundation

/// What `RunLoop` and `OperationQueue` share as schedulers: the wall clock as their time, and no
/// least tolerance.
internal protocol DateScheduler: Scheduler where SchedulerTimeType: DateSchedulerTime {}

extension DateScheduler {
    public var now: SchedulerTimeType {
        SchedulerTimeType(Date())
    }

    public var minimumTolerance: SchedulerTimeType.Stride {
        0
    }
}

/// What `RunLoop.SchedulerTimeType` and `OperationQueue.SchedulerTimeType` share: an instant that
/// wraps a `Date`, with a stride in seconds. Both types are written once, here, through these two
/// protocols; the public members below are the ones Apple's Foundation declares on each of them.
internal protocol DateSchedulerTime: Strideable, Codable, Hashable where Stride: SecondsStride {
    var date: Date { get }
    init(_ date: Date)
}

extension DateSchedulerTime {
    public func distance(to other: Self) -> Stride {
        Stride(other.date.timeIntervalSince(date))
    }

    public func advanced(by n: Stride) -> Self {
        Self(date.addingTimeInterval(n.magnitude))
    }
}

/// A span of wall-clock time in seconds; literals and `init(exactly:)` count seconds too.
internal protocol SecondsStride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Hashable,
    SchedulerTimeIntervalConvertible
where FloatLiteralType == TimeInterval, IntegerLiteralType == TimeInterval, Magnitude == TimeInterval {
    var magnitude: TimeInterval { get set }
    init(_ timeInterval: TimeInterval)
}

extension SecondsStride {
    public init(integerLiteral value: TimeInterval) {
        self.init(value)
    }

    public init(floatLiteral value: TimeInterval) {
        self.init(value)
    }

    public init?<T>(exactly source: T) where T: BinaryInteger {
        guard let seconds = TimeInterval(exactly: source) else { return nil }
        self.init(seconds)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.magnitude < rhs.magnitude
    }

    public static func * (lhs: Self, rhs: Self) -> Self {
        Self(lhs.magnitude * rhs.magnitude)
    }

    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(lhs.magnitude + rhs.magnitude)
    }

    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(lhs.magnitude - rhs.magnitude)
    }

    public static func -= (lhs: inout Self, rhs: Self) {
        lhs.magnitude -= rhs.magnitude
    }

    public static func *= (lhs: inout Self, rhs: Self) {
        lhs.magnitude *= rhs.magnitude
    }

    public static func += (lhs: inout Self, rhs: Self) {
        lhs.magnitude += rhs.magnitude
    }

    public static func seconds(_ s: Int) -> Self {
        Self(TimeInterval(s))
    }

    public static func seconds(_ s: Double) -> Self {
        Self(s)
    }

    public static func milliseconds(_ ms: Int) -> Self {
        Self(TimeInterval(ms) / 1_000)
    }

    public static func microseconds(_ us: Int) -> Self {
        Self(TimeInterval(us) / 1_000_000)
    }

    public static func nanoseconds(_ ns: Int) -> Self {
        Self(TimeInterval(ns) / 1_000_000_000)
    }
}
