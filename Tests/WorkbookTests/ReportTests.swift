import Testing

@testable import Workbook

@Suite("Report")
struct ReportTests {
    private let mixed = Report(
        title: "Chapter 0 · Sample",
        lines: [
            ReportLine(rule: "a short rule", expected: "1 request", measured: "1 request", holds: true),
            ReportLine(
                rule: "a rather longer rule than the other", expected: "0", measured: "2 requests",
                holds: false),
        ],
        ruleDurations: [.milliseconds(12), .milliseconds(1_500)], runDuration: .milliseconds(1_530),
        platform: "Linux")

    @Test func rowsStartEachColumnAtTheSameOffset() {
        let rows = mixed.facts().split(separator: "\n").map(String.init)
        let header = rows.first { $0.contains("expected") }!
        let short = rows.first { $0.contains("a short rule") }!
        let long = rows.first { $0.contains("a rather longer rule") }!
        let expectedColumn = column(of: "expected", in: header)
        #expect(column(of: "1 request", in: short) == expectedColumn)
        #expect(column(of: "0 ", in: long) == expectedColumn)
        let measuredColumn = column(of: "measured", in: header)
        #expect(column(of: "2 requests", in: long) == measuredColumn)
        #expect(short.hasSuffix("1 request   1 request"))
        #expect(measuredColumn > expectedColumn)
    }

    /// Where `cell` starts in `row`, in characters, searching after the rule column.
    private func column(of cell: String, in row: String) -> Int {
        let afterRule = row.index(row.startIndex, offsetBy: 2 + "a rather longer rule than the other".count)
        let found = row.range(of: cell, range: afterRule..<row.endIndex)!
        return row.distance(from: row.startIndex, to: found.lowerBound)
    }

    @Test func marksEachRuleAndTalliesThoseThatHeld() {
        let lines = mixed.facts().split(separator: "\n")
        #expect(lines.first == "Chapter 0 · Sample")
        #expect(lines.filter { $0.hasPrefix("✓ a short rule") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("✗ a rather longer rule") }.count == 1)
        #expect(lines.last == "1 of 2 as expected")
    }

    @Test func exitStatusIsZeroOnlyWhenEveryRuleHeld() {
        #expect(mixed.exitStatus == 1)
        var allHeld = mixed
        allHeld.lines[1].holds = true
        #expect(allHeld.exitStatus == 0)
        #expect(allHeld.tally == "2 of 2 as expected")
    }

    @Test func timingsComeAfterTheFactsAndStableReportCutsThemOff() {
        let printed = mixed.rendered()
        #expect(printed.hasPrefix(mixed.facts() + "\n\n"))
        #expect(printed.contains("1500 ms"))
        #expect(printed.contains("1530 ms"))
        #expect(printed.contains("whole run"))
        #expect(stableReport(of: printed + "\n") == mixed.facts())
    }

    @Test func plainTextHasNoEscapeCodesAndColouredTextHasThem() {
        #expect(!mixed.rendered(colour: false).contains("\u{1B}["))
        #expect(mixed.rendered(colour: true).contains("\u{1B}[32m✓"))
        #expect(mixed.rendered(colour: true).contains("\u{1B}[31m✗"))
        #expect(stableReport(of: mixed.rendered(colour: true)) == mixed.facts(colour: true))
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(TextStyle.wantsColour(environment: [:], stdoutIsTerminal: true))
        #expect(!TextStyle.wantsColour(environment: [:], stdoutIsTerminal: false))
        #expect(!TextStyle.wantsColour(environment: ["NO_COLOR": "1"], stdoutIsTerminal: true))
        #expect(TextStyle.wantsColour(environment: ["NO_COLOR": ""], stdoutIsTerminal: true))
    }

    @Test func findingsCompareMeasuredWithExpectedValues() {
        let held = Finding(rule: "r", expected: 3, measured: 3, describe: { counted($0, "request") })
        let missed = Finding(rule: "r", expected: 1, measured: 0, describe: { counted($0, "request") })
        #expect(
            held.line == ReportLine(rule: "r", expected: "3 requests", measured: "3 requests", holds: true))
        #expect(
            missed.line == ReportLine(rule: "r", expected: "1 request", measured: "0 requests", holds: false))
        #expect(missed.value == 0)
    }
}
