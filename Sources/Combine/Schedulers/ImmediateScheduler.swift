/// A scheduler that runs every action at once, on the calling thread, whatever time it is given.
///
/// It has no clock: every instant is the same instant and every stride between them is zero,
/// so a repeating action runs exactly once.
public struct ImmediateScheduler: Scheduler {
    /// The one instant of a scheduler without a clock.
    public struct SchedulerTimeType: Strideable {
        fileprivate init() {}

        /// Always zero: all immediate instants coincide.
        public func distance(
            to other: ImmediateScheduler.SchedulerTimeType
        ) -> ImmediateScheduler.SchedulerTimeType.Stride {
            0
        }

        /// The same instant: advancing a clock that does not run changes nothing.
        public func advanced(
            by n: ImmediateScheduler.SchedulerTimeType.Stride
        ) -> ImmediateScheduler.SchedulerTimeType {
            self
        }

        /// A count of abstract ticks; the unit constructors give zero, since nothing ever waits.
        public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable,
            SchedulerTimeIntervalConvertible
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            public var magnitude: Int

            public init(_ value: Int) {
                magnitude = value
            }

            public init(integerLiteral value: Int) {
                self.init(value)
            }

            public init(floatLiteral value: Double) {
                self.init(Int(value))
            }

            public init?<T>(exactly source: T) where T: BinaryInteger {
                guard let value = Int(exactly: source) else { return nil }
                self.init(value)
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

            public static func seconds(_ s: Int) -> Self { 0 }
            public static func seconds(_ s: Double) -> Self { 0 }
            public static func milliseconds(_ ms: Int) -> Self { 0 }
            public static func microseconds(_ us: Int) -> Self { 0 }
            public static func nanoseconds(_ ns: Int) -> Self { 0 }

            public static func == (a: Self, b: Self) -> Bool {
                a.magnitude == b.magnitude
            }

            /// Archived as Apple's is: a keyed container holding `magnitude`.
            private enum CodingKeys: String, CodingKey {
                case magnitude
            }

            public func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(magnitude, forKey: .magnitude)
            }

            public init(from decoder: Decoder) throws {
                magnitude = try decoder.container(keyedBy: CodingKeys.self).decode(
                    Int.self, forKey: .magnitude)
            }
        }
    }

    /// The immediate scheduler takes no options, and `Never` says so in the type.
    public typealias SchedulerOptions = Never

    /// The one instance; the type has no state, so there is no reason to make another.
    public static let shared = ImmediateScheduler()

    private init() {}

    public func schedule(options: ImmediateScheduler.SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    public var now: ImmediateScheduler.SchedulerTimeType {
        SchedulerTimeType()
    }

    public var minimumTolerance: ImmediateScheduler.SchedulerTimeType.Stride {
        0
    }

    public func schedule(
        after date: ImmediateScheduler.SchedulerTimeType,
        tolerance: ImmediateScheduler.SchedulerTimeType.Stride,
        options: ImmediateScheduler.SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        action()
    }

    /// Runs `action` once, now: with no clock there is no later time for a repeat.
    public func schedule(
        after date: ImmediateScheduler.SchedulerTimeType,
        interval: ImmediateScheduler.SchedulerTimeType.Stride,
        tolerance: ImmediateScheduler.SchedulerTimeType.Stride, options: ImmediateScheduler.SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        action()
        return Subscriptions.empty
    }
}
