import Testing
import Verdicts

@testable import Harness

@Suite("Demonstrations")
struct DemonstrationTests {
    private let plain = TextStyle(enabled: false)

    @Test func aReproducedBugSaysSoInsteadOfABareTick() {
        let line = ReportLine(
            rule: "as written, decoding runs on the main thread",
            verdict: Verdict(
                expected: "on the main thread", measured: "decoded on the main thread", holds: true),
            isDemonstration: true)
        #expect(
            line.rendered(ruleWidth: 46, style: plain)
                == "  as written, decoding runs on the main thread     ✓ reproduced: decoded on the main thread"
        )
    }

    @Test func aBugThatWasNotReproducedFailsWithWhatWasExpected() {
        let line = ReportLine(
            rule: "as written, it stays loading",
            verdict: Verdict(expected: "loading", measured: "empty", holds: false),
            isDemonstration: true)
        #expect(
            line.rendered(ruleWidth: 28, style: plain)
                == "✗ as written, it stays loading   not reproduced: empty\n    expected: loading")
    }

    @Test func aDemonstrationRulesRowIsMarkedAsOne() async throws {
        let rules = [
            Rule.demonstration("as written, one is two") { _ in
                Finding(expected: 2, measured: 2, describe: { "\($0)" })
            },
            Rule("after the fix, one is one") { _ in Finding(expected: 1, measured: 1, describe: { "\($0)" })
            },
        ]
        #expect(rules.map(\.isDemonstration) == [true, false])
        let report = try await Chapter.measure("Sample", rules: rules)
        #expect(report.lines.map(\.isDemonstration) == [true, false])
        #expect(
            report.facts().contains(
                "  as written, one is two      ✓ reproduced: 2\n✓ after the fix, one is one   1"))
        #expect(report.exitStatus == 0)
    }
}
