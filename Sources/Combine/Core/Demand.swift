extension Subscribers {
    /// How many values a subscriber still wants: a count, or `unlimited`.
    ///
    /// Counts never go negative: asking for a negative `max`, or taking a larger demand away from a
    /// smaller one, is a programming error and traps; taking away a larger count (an `Int`) gives
    /// `.max(0)`, as Apple documents. Adding past `Int.max` gives `unlimited`.
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        /// The count, or `unlimitedRaw` for no limit; the one representation every operator compares.
        @usableFromInline
        internal let rawValue: UInt

        @usableFromInline
        internal static let unlimitedRaw = UInt(Int.max) + 1

        @inlinable
        internal init(rawValue: UInt) {
            self.rawValue = Swift.min(rawValue, Self.unlimitedRaw)
        }

        public static let unlimited = Demand(rawValue: unlimitedRaw)

        public static let none = Demand(rawValue: 0)

        /// A demand for at most `value` values; `value` must not be negative.
        @inlinable
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "Subscribers.Demand.max needs a count of zero or more, not \(value)")
            return Demand(rawValue: UInt(value))
        }

        public var description: String {
            self == .unlimited ? "unlimited" : "max(\(rawValue))"
        }

        /// The count, or `nil` when the demand is unlimited.
        @inlinable
        public var max: Int? {
            rawValue == Self.unlimitedRaw ? nil : Int(rawValue)
        }

        public init(from decoder: Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}

// MARK: - Arithmetic

extension Subscribers.Demand {
    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        if lhs == .unlimited || rhs == .unlimited { return .unlimited }
        let (sum, overflow) = Int(lhs.rawValue).addingReportingOverflow(Int(rhs.rawValue))
        return overflow ? .unlimited : .max(sum)
    }

    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {
        lhs = lhs + rhs
    }

    @inlinable
    public static func + (lhs: Self, rhs: Int) -> Self {
        if lhs == .unlimited { return .unlimited }
        let (sum, overflow) = Int(lhs.rawValue).addingReportingOverflow(rhs)
        return overflow ? .unlimited : .max(sum)
    }

    @inlinable
    public static func += (lhs: inout Self, rhs: Int) {
        lhs = lhs + rhs
    }

    @inlinable
    public static func * (lhs: Self, rhs: Int) -> Self {
        if lhs == .unlimited { return .unlimited }
        let (product, overflow) = Int(lhs.rawValue).multipliedReportingOverflow(by: rhs)
        return overflow ? .unlimited : .max(product)
    }

    @inlinable
    public static func *= (lhs: inout Self, rhs: Int) {
        lhs = lhs * rhs
    }

    /// Unlimited minus anything stays unlimited; anything finite minus unlimited is none.
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        if lhs == .unlimited { return .unlimited }
        if rhs == .unlimited { return .none }
        return .max(Int(lhs.rawValue) - Int(rhs.rawValue))
    }

    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) {
        lhs = lhs - rhs
    }

    /// A result below zero, or past `Int.max`, is clamped to `.max(0)` as in Apple's Combine.
    @inlinable
    public static func - (lhs: Self, rhs: Int) -> Self {
        if lhs == .unlimited { return .unlimited }
        let (difference, overflow) = Int(lhs.rawValue).subtractingReportingOverflow(rhs)
        // Already known not to be negative, so `.max`'s check is not needed.
        return overflow || difference < 0 ? .none : Self(rawValue: UInt(difference))
    }

    @inlinable
    public static func -= (lhs: inout Self, rhs: Int) {
        lhs = lhs - rhs
    }
}

// MARK: - Comparison

extension Subscribers.Demand {
    @inlinable
    public static func == (a: Self, b: Self) -> Bool {
        a.rawValue == b.rawValue
    }

    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    @inlinable
    public static func <= (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue <= rhs.rawValue
    }

    @inlinable
    public static func > (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue > rhs.rawValue
    }

    @inlinable
    public static func >= (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue >= rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    // An unlimited demand is greater than every count and equal to none of them.

    @inlinable
    public static func == (lhs: Self, rhs: Int) -> Bool {
        lhs.max == rhs
    }

    @inlinable
    public static func != (lhs: Self, rhs: Int) -> Bool {
        lhs.max != rhs
    }

    @inlinable
    public static func == (lhs: Int, rhs: Self) -> Bool {
        rhs.max == lhs
    }

    @inlinable
    public static func != (lhs: Int, rhs: Self) -> Bool {
        rhs.max != lhs
    }

    @inlinable
    public static func < (lhs: Self, rhs: Int) -> Bool {
        lhs.max.map { $0 < rhs } ?? false
    }

    @inlinable
    public static func <= (lhs: Self, rhs: Int) -> Bool {
        lhs.max.map { $0 <= rhs } ?? false
    }

    @inlinable
    public static func > (lhs: Self, rhs: Int) -> Bool {
        lhs.max.map { $0 > rhs } ?? true
    }

    @inlinable
    public static func >= (lhs: Self, rhs: Int) -> Bool {
        lhs.max.map { $0 >= rhs } ?? true
    }

    @inlinable
    public static func < (lhs: Int, rhs: Self) -> Bool {
        rhs > lhs
    }

    @inlinable
    public static func <= (lhs: Int, rhs: Self) -> Bool {
        rhs >= lhs
    }

    @inlinable
    public static func > (lhs: Int, rhs: Self) -> Bool {
        rhs < lhs
    }

    @inlinable
    public static func >= (lhs: Int, rhs: Self) -> Bool {
        rhs <= lhs
    }
}
