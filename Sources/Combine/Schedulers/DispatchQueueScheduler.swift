import Dispatch

/// A dispatch queue as a scheduler: immediate work goes to `async`, timed work to `asyncAfter`,
/// and repeating work to a timer source on the queue.
extension DispatchQueue: Scheduler {
    /// An instant on the dispatch clock (uptime in nanoseconds, which stops while the machine sleeps).
    public struct SchedulerTimeType: Strideable, Codable, Hashable {
        /// The dispatch time this instant stands for.
        public var dispatchTime: DispatchTime

        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        /// The signed distance in nanoseconds. As with Apple's, an instant beyond the largest `Int` of
        /// nanoseconds (as `DispatchTime.distantFuture` is) is the longest span away from any other
        /// instant, in either direction.
        public func distance(
            to other: DispatchQueue.SchedulerTimeType
        ) -> DispatchQueue.SchedulerTimeType.Stride {
            let from = dispatchTime.uptimeNanoseconds
            let to = other.dispatchTime.uptimeNanoseconds
            if from == to { return .nanoseconds(0) }
            guard let start = Int(exactly: from), let end = Int(exactly: to) else {
                return .nanoseconds(.max)
            }
            return .nanoseconds(end - start)
        }

        public func advanced(by n: DispatchQueue.SchedulerTimeType.Stride) -> DispatchQueue.SchedulerTimeType
        {
            SchedulerTimeType(dispatchTime + n.timeInterval)
        }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.dispatchTime == rhs.dispatchTime
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        /// Encoded as the uptime in nanoseconds, a single unsigned integer.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        public init(from decoder: Decoder) throws {
            let nanoseconds = try decoder.singleValueContainer().decode(UInt64.self)
            dispatchTime = DispatchTime(uptimeNanoseconds: nanoseconds)
        }

        /// A signed span of dispatch time, held in nanoseconds.
        ///
        /// Integer and floating-point literals count seconds, and so does `init(exactly:)`, as with
        /// Apple's. Spans too long for an `Int` of nanoseconds saturate, as Apple's do, so
        /// `.never` or `.seconds(.max)` mean "as long as there is" rather than a crash.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Codable
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The span in nanoseconds (negative for a span that goes backwards).
            public var magnitude: Int

            /// Apple's archive key for the span, so archives read the same on either platform.
            private enum CodingKeys: String, CodingKey {
                case magnitude = "_nanoseconds"
            }

            /// The span as a dispatch interval, in nanoseconds.
            public var timeInterval: DispatchTimeInterval {
                .nanoseconds(magnitude)
            }

            private init(nanoseconds: Int) {
                magnitude = nanoseconds
            }

            /// The span of `timeInterval`; `.never` becomes the longest span there is.
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): self = .seconds(s)
                case .milliseconds(let ms): self = .milliseconds(ms)
                case .microseconds(let us): self = .microseconds(us)
                case .nanoseconds(let ns): self = .nanoseconds(ns)
                case .never: self = .nanoseconds(.max)
                @unknown default: self = .nanoseconds(.max)
                }
            }

            public init(floatLiteral value: Double) {
                self = .seconds(value)
            }

            public init(integerLiteral value: Int) {
                self = .seconds(value)
            }

            public init?<T>(exactly source: T) where T: BinaryInteger {
                guard let seconds = Int(exactly: source) else { return nil }
                self = .seconds(seconds)
            }

            public static func < (lhs: Self, rhs: Self) -> Bool {
                lhs.magnitude < rhs.magnitude
            }

            /// Multiplies the two spans as times in seconds, as Apple's does: 2 s × 3 s is 6 s, and
            /// 18 ns × 1 ns is 0.
            public static func * (lhs: Self, rhs: Self) -> Self {
                let product = Int128(lhs.magnitude) * Int128(rhs.magnitude) / 1_000_000_000
                return Self(nanoseconds: Int(clamping: product))
            }

            public static func + (lhs: Self, rhs: Self) -> Self {
                Self(nanoseconds: lhs.magnitude + rhs.magnitude)
            }

            public static func - (lhs: Self, rhs: Self) -> Self {
                Self(nanoseconds: lhs.magnitude - rhs.magnitude)
            }

            public static func -= (lhs: inout Self, rhs: Self) {
                lhs.magnitude -= rhs.magnitude
            }

            public static func *= (lhs: inout Self, rhs: Self) {
                lhs = lhs * rhs
            }

            public static func += (lhs: inout Self, rhs: Self) {
                lhs.magnitude += rhs.magnitude
            }

            public static func seconds(_ s: Double) -> Self {
                let nanoseconds = (s * 1_000_000_000).rounded()
                // `Double(Int.max)` rounds up to 2^63, one past the largest `Int`.
                if nanoseconds >= Double(Int.max) { return Self(nanoseconds: .max) }
                if nanoseconds <= Double(Int.min) { return Self(nanoseconds: .min) }
                return Self(nanoseconds: Int(nanoseconds))
            }

            public static func seconds(_ s: Int) -> Self {
                scaled(s, by: 1_000_000_000)
            }

            public static func milliseconds(_ ms: Int) -> Self {
                scaled(ms, by: 1_000_000)
            }

            public static func microseconds(_ us: Int) -> Self {
                scaled(us, by: 1_000)
            }

            /// `count` units of `factor` nanoseconds each, saturating.
            private static func scaled(_ count: Int, by factor: Int) -> Self {
                let (product, overflow) = count.multipliedReportingOverflow(by: factor)
                return Self(nanoseconds: overflow ? (count < 0 ? .min : .max) : product)
            }

            public static func nanoseconds(_ ns: Int) -> Self {
                Self(nanoseconds: ns)
            }

            public static func == (lhs: Self, rhs: Self) -> Bool {
                lhs.magnitude == rhs.magnitude
            }
        }
    }

    /// How the queue should run scheduled work: its quality of service, work item flags, and an
    /// optional group that the work joins while it is pending.
    public struct SchedulerOptions {
        public var qos: DispatchQoS
        public var flags: DispatchWorkItemFlags
        public var group: DispatchGroup?

        public init(
            qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil
        ) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }

        /// `action` as a work item carrying these options' quality of service and flags.
        internal func workItem(_ action: @escaping () -> Void) -> DispatchWorkItem {
            DispatchWorkItem(qos: qos, flags: flags, block: action)
        }
    }

    public var minimumTolerance: DispatchQueue.SchedulerTimeType.Stride {
        .nanoseconds(0)
    }

    public var now: DispatchQueue.SchedulerTimeType {
        SchedulerTimeType(.now())
    }

    public func schedule(options: DispatchQueue.SchedulerOptions?, _ action: @escaping () -> Void) {
        let options = options ?? SchedulerOptions()
        let work = options.workItem(action)
        if let group = options.group {
            async(group: group, execute: work)
        } else {
            async(execute: work)
        }
    }

    /// Dispatch has no per-call leeway for one-shot work, so `tolerance` is not used here.
    public func schedule(
        after date: DispatchQueue.SchedulerTimeType, tolerance: DispatchQueue.SchedulerTimeType.Stride,
        options: DispatchQueue.SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        let options = options ?? SchedulerOptions()
        let work = options.workItem(action)
        if let group = options.group {
            // The group stays entered until the work has run, as `async(group:)` would keep it.
            group.enter()
            work.notify(queue: self) { group.leave() }
        }
        asyncAfter(deadline: date.dispatchTime, execute: work)
    }

    /// Repeats on a timer source targeting this queue; cancelling cancels the source.
    public func schedule(
        after date: DispatchQueue.SchedulerTimeType, interval: DispatchQueue.SchedulerTimeType.Stride,
        tolerance: DispatchQueue.SchedulerTimeType.Stride, options: DispatchQueue.SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let options = options ?? SchedulerOptions()
        let timer = DispatchSource.makeTimerSource(queue: self)
        timer.setEventHandler(qos: options.qos, flags: options.flags, handler: action)
        timer.schedule(
            deadline: date.dispatchTime, repeating: interval.timeInterval,
            leeway: Swift.max(tolerance, minimumTolerance).timeInterval)
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}
