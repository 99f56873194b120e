import Verdicts

/// What one rule measured: what was expected and what was seen, as text for the report, and the
/// measured value itself for tests to compare.
///
/// The rule's sentence belongs to its `Rule`, so the report row and the timeline section share it.
/// Tests assert `value`, not `holds`, so a wrong expectation cannot hide a wrong measurement.
public struct Finding<Value: Sendable>: Sendable {
    /// What was expected and measured, as the report prints it, and whether the rule held.
    public let verdict: Verdict
    /// The measured value, for tests to assert.
    public let value: Value
    /// What the measurement saw that differs from run to run (a time, the winner of a race); the
    /// report prints it with the timings, apart from the facts that read the same every time.
    public let varies: String?

    /// A finding whose expectation is a test on the value rather than one exact value.
    public init(expected: String, value: Value, measured: String, holds: Bool, varies: String? = nil) {
        self.verdict = Verdict(expected: expected, measured: measured, holds: holds)
        self.value = value
        self.varies = varies
    }

    /// Whether what was measured is what was expected.
    public var holds: Bool { verdict.holds }
}

extension Finding where Value: Equatable {
    /// A finding that holds when the measured value equals the expected one; both are shown the
    /// same way, through `describe`.
    public init(expected: Value, measured: Value, describe: (Value) -> String, varies: String? = nil) {
        self.init(
            expected: describe(expected), value: measured, measured: describe(measured),
            holds: measured == expected, varies: varies)
    }
}
