import Foundation
import Testing
import Workbook

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Chapter runner")
struct ChapterRunnerTests {
    private static func userStatus(in lab: Lab) async -> Finding<Int> {
        let (_, response) = try! await lab.session.data(from: lab.url(Route.user))
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        return Finding(rule: "user 1 is found", expected: 200, measured: status, describe: { "\($0)" })
    }

    private static func wrongGuess(in lab: Lab) async -> Finding<Int> {
        Finding(rule: "a guess that is wrong", expected: 1, measured: 2, describe: { "\($0)" })
    }

    @Test func measuresEveryRuleInOrderAndFailsTheRunWhenOneDoesNotHold() async throws {
        let report = try await Chapter.measure(
            "Sample", rules: [Rule("found", Self.userStatus), Rule("wrong", Self.wrongGuess)])
        #expect(report.lines.map(\.rule) == ["user 1 is found", "a guess that is wrong"])
        #expect(report.lines.map(\.holds) == [true, false])
        #expect(report.ruleDurations.count == 2)
        #expect(report.exitStatus == 1)
        #expect(report.tally == "1 of 2 as expected")
    }

    @Test func recordsEachRuleAsASectionWithTheServersSideOfIt() async throws {
        let timeline = Timeline(title: "Sample")
        _ = try await Timeline.$current.withValue(timeline) {
            try await Chapter.measure("Sample", rules: [Rule("found", Self.userStatus)])
        }
        #expect(timeline.sections.map(\.title) == ["found"])
        let server = timeline.events.filter { $0.lane == "server" }
        #expect(server.map(\.kind) == [.request, .response])
        #expect(server.map(\.detail) == ["GET /users/1", "200"])
    }
}
