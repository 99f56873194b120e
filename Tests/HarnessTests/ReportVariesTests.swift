import Testing
import Verdicts

@testable import Harness
@testable import LoopbackLab

@Suite("Report: what varies")
struct ReportVariesTests {
    private let report = Report(
        title: "Chapter 0 · Sample",
        lines: [
            ReportLine(
                rule: "a rule with an aside",
                verdict: Verdict(expected: "1 request", measured: "1 request", holds: true),
                varies: "the client left 3 ms after the request"),
            ReportLine(rule: "a plain rule", verdict: Verdict(expected: "0", measured: "0", holds: true)),
        ],
        ruleDurations: [.milliseconds(12), .milliseconds(15)], runDuration: .milliseconds(30),
        platform: "Linux")

    @Test func whatVariesIsPrintedWithTheTimingsAndNotWithTheFacts() {
        #expect(!report.facts().contains("3 ms"))
        let timings = report.timings().split(separator: "\n").map(String.init)
        #expect(timings.contains("  a rule with an aside   12 ms   the client left 3 ms after the request"))
        #expect(timings.contains("  a plain rule           15 ms"))
    }

    @Test func aRuleCarriesWhatItsFindingSaysVaries() async throws {
        let rule = Rule("a rule") { _ in
            Finding(expected: 1, measured: 1, describe: { "\($0)" }, varies: "this time: heads")
        }
        let lab = try await Lab.open()
        defer { lab.close() }
        #expect(await rule.run(in: lab).line.varies == "this time: heads")
    }
}
