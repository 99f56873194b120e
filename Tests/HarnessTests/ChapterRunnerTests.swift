import Combine
import Foundation
import Harness
import Locking
import LoopbackLab
import Testing
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Chapter runner")
struct ChapterRunnerTests {
    private static func userStatus(in lab: Lab) async -> Finding<Int> {
        let (_, response) = try! await lab.session.data(from: lab.url(Route.user))
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        return Finding(expected: 200, measured: status, describe: { "\($0)" })
    }

    private static func wrongGuess(in lab: Lab) async -> Finding<Int> {
        Finding(expected: 1, measured: 2, describe: { "\($0)" })
    }

    /// Waits for a response from a route that never answers, on a session with no short timeout.
    private static func waitForSilence(in lab: Lab) async -> Finding<Int> {
        let values = await outcome(of: lab.session.dataTaskPublisher(for: lab.url(Route.silence)))
        return Finding(expected: 1, measured: (try? values.get().count) ?? 0, describe: { "\($0)" })
    }

    @Test func measuresEveryRuleInOrderAndFailsTheRunWhenOneDoesNotHold() async throws {
        let report = try await Chapter.measure(
            "Sample",
            rules: [Rule("user 1 is found", Self.userStatus), Rule("a wrong guess", Self.wrongGuess)])
        #expect(report.lines.map(\.rule) == ["user 1 is found", "a wrong guess"])
        #expect(report.lines.map(\.verdict.holds) == [true, false])
        #expect(report.ruleDurations.count == 2)
        #expect(report.exitStatus == 1)
        #expect(report.tally == "1 of 2 as expected")
    }

    @Test func handsOverEachRowAsSoonAsItsRuleFinishes() async throws {
        let rows = Locked<[String]>([])
        let report = try await Chapter.measure(
            "Sample",
            rules: [Rule("user 1 is found", Self.userStatus), Rule("a wrong guess", Self.wrongGuess)]
        ) { line in rows.withLock { $0.append(line.rule) } }
        #expect(rows.withLock { $0 } == report.lines.map(\.rule))
    }

    @Test func aRuleWhoseServerNeverAnswersEndsAsAFailedRowAndTheRunGoesOn() async throws {
        let report = try await Chapter.measure(
            "Sample",
            rules: [
                Rule("the silent route answers", deadline: .seconds(1), Self.waitForSilence),
                Rule("user 1 is found", Self.userStatus),
            ])
        #expect(report.lines.map(\.verdict.holds) == [false, true])
        #expect(report.lines[0].verdict.measured == "still waiting after 1000 ms, given up")
        #expect(report.lines[0].verdict.expected == "a result within 1000 ms")
        #expect(report.exitStatus == 1)
    }

    @Test func recordsEachRuleAsASectionNamedByItsSentence() async throws {
        let timeline = Timeline(title: "Sample")
        _ = try await Timeline.$current.withValue(timeline) {
            try await Chapter.measure("Sample", rules: [Rule("user 1 is found", Self.userStatus)])
        }
        #expect(timeline.sections.map(\.title) == ["user 1 is found"])
        let server = timeline.events.filter { $0.lane == "server" }
        #expect(server.map(\.kind) == [.request, .response])
        #expect(server.map(\.detail) == ["GET /users/1", "200"])
    }

    @Test func aRuleDrawnBesideAnotherSharesItsTimeAxisAndTheOthersKeepTheirOwn() async throws {
        let timeline = Timeline(title: "Sample")
        let rules = [
            Rule("user 1 is found", Self.userStatus), Rule("a wrong guess", Self.wrongGuess),
            Rule("await: user 1 is found", Self.userStatus).drawn(beside: "user 1 is found"),
        ]
        _ = try await Timeline.$current.withValue(timeline) {
            try await Chapter.measure("Sample", rules: rules)
        }
        #expect(
            timeline.sections.map(\.scale) == ["beside: user 1 is found", nil, "beside: user 1 is found"])
        #expect(Rule.pairingMistakes(in: rules).isEmpty)
    }

    @Test func aRuleDrawnBesideNoRuleItselfOrAPairedRuleIsAMistake() {
        let rules = [
            Rule("user 1 is found", Self.userStatus).drawn(beside: "user one is found"),
            Rule("a wrong guess", Self.wrongGuess).drawn(beside: "a wrong guess"),
            Rule("await: user 1 is found", Self.userStatus).drawn(beside: "user 1 is found"),
        ]
        #expect(
            Rule.pairingMistakes(in: rules) == [
                "'user 1 is found' is drawn beside 'user one is found', which is no rule of this chapter",
                "'a wrong guess' is drawn beside itself",
                "'await: user 1 is found' is drawn beside 'user 1 is found', which is drawn beside "
                    + "'user one is found'; draw both beside it",
            ])
    }
}
