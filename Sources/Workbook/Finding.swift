/// What one rule measured: the rule in a sentence, what was expected and what was seen, as text for
/// the report, and the measured value itself for tests to compare.
///
/// Tests assert `value`, not `holds`, so a wrong expectation cannot hide a wrong measurement.
public struct Finding<Value: Sendable>: Sendable {
    public let rule: String
    public let expected: String
    public let measured: String
    public let holds: Bool
    public let value: Value

    /// A finding whose expectation is a test on the value rather than one exact value.
    public init(rule: String, expected: String, value: Value, measured: String, holds: Bool) {
        self.rule = rule
        self.expected = expected
        self.measured = measured
        self.holds = holds
        self.value = value
    }

    /// The line this finding contributes to a chapter's report.
    public var line: ReportLine {
        ReportLine(rule: rule, expected: expected, measured: measured, holds: holds)
    }
}

extension Finding where Value: Equatable {
    /// A finding that holds when the measured value equals the expected one; both are shown the
    /// same way, through `describe`.
    public init(rule: String, expected: Value, measured: Value, describe: (Value) -> String) {
        self.init(
            rule: rule, expected: describe(expected), value: measured, measured: describe(measured),
            holds: measured == expected)
    }
}
