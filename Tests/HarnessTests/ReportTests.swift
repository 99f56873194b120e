import Quantities
import Testing

@testable import Harness
@testable import TestSupport
@testable import Verdicts

@Suite("Report")
struct ReportTests {
    private let mixed = Report(
        title: "Chapter 0 · Sample",
        lines: [
            ReportLine(
                rule: "a short rule",
                verdict: Verdict(expected: "1 request", measured: "1 request", holds: true)),
            ReportLine(
                rule: "a rather longer rule than the other",
                verdict: Verdict(expected: "0", measured: "2 requests", holds: false)),
        ],
        ruleDurations: [.milliseconds(12), .milliseconds(1_500)], runDuration: .milliseconds(1_530),
        platform: "Linux")

    @Test func measuredValuesStartAtTheSameColumnInEveryRow() {
        let rows = mixed.facts().split(separator: "\n").map(String.init)
        let short = rows.first { $0.contains("a short rule") }!
        let long = rows.first { $0.contains("a rather longer rule") }!
        let padding = "a rather longer rule than the other".count - "a short rule".count
        #expect(short == "✓ a short rule" + String(repeating: " ", count: padding + 3) + "1 request")
        #expect(long.hasSuffix("other   2 requests"))
        #expect(
            short.firstRange(of: "1 request")?.lowerBound.utf16Offset(in: short)
                == long.firstRange(of: "2 requests")?.lowerBound.utf16Offset(in: long))
    }

    @Test func onlyARuleThatDidNotHoldSpellsOutWhatWasExpected() {
        let rows = mixed.facts().split(separator: "\n").map(String.init)
        #expect(rows.filter { $0.hasPrefix("    expected: ") } == ["    expected: 0"])
        let long = rows.firstIndex { $0.contains("a rather longer rule") }!
        #expect(rows[long + 1] == "    expected: 0")
    }

    @Test func aRowIsTheSameWhetherPrintedAloneOrInTheWholeReport() {
        let width = mixed.lines.map(\.rule.count).max()!
        let alone = mixed.lines.map { $0.rendered(ruleWidth: width, style: TextStyle(enabled: false)) }
        #expect(mixed.facts().contains(alone.joined(separator: "\n")))
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
        allHeld.lines[1].verdict.holds = true
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

    @Test func whatARuleTimedFollowsItsDurationInTheTimingsAndNeverInTheFacts() {
        var timed = mixed
        timed.lines[0].varies = "gaps 1.2 ms"
        #expect(timed.timings().contains("   12 ms     gaps 1.2 ms\n"))
        #expect(timed.facts() == mixed.facts())
        #expect(!mixed.timings().contains("gaps"))
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
        let held = Finding(expected: 3, measured: 3, describe: { counted($0, "request") })
        let missed = Finding(expected: 1, measured: 0, describe: { counted($0, "request") })
        #expect([held.verdict.expected, held.verdict.measured] == ["3 requests", "3 requests"])
        #expect(held.holds)
        #expect([missed.verdict.expected, missed.verdict.measured] == ["1 request", "0 requests"])
        #expect(!missed.holds)
        #expect(missed.value == 0)
    }
}
