/// What one measurement came to: what was expected, what was measured, as a person reads them, and
/// whether the two agree.
///
/// A chapter's report row, an exercise check's result and the file a check's process hands back
/// all carry this one record; each adds only what is its own (the rule's sentence, a hint, the
/// measured value itself).
public struct Verdict: Codable, Sendable, Equatable {
    /// What the rule or the check expected, in words.
    public var expected: String
    /// What was measured, in the same words.
    public var measured: String
    /// Whether the measurement is what was expected.
    public var holds: Bool

    /// Makes a verdict; whoever measured decides whether it holds, so an expectation may be a test
    /// on the value rather than one exact value.
    public init(expected: String, measured: String, holds: Bool) {
        self.expected = expected
        self.measured = measured
        self.holds = holds
    }
}

extension Verdict {
    /// One line under a row that did not hold, such as `    expected: 1 request`: every label
    /// padded to one width so the values line up, and an empty label for a value's next line.
    ///
    /// A ✓ says the measurement is what was expected, so only a ✗ row is followed by these.
    public static func detail(_ label: String, _ value: String) -> String {
        let labelled = label.isEmpty ? "" : label + ":"
        return "    " + labelled.padding(toLength: detailLabelWidth, withPad: " ", startingAt: 0) + value
    }

    /// The width of `measured: `, the longest label with its colon and a space.
    private static let detailLabelWidth = 10
}
