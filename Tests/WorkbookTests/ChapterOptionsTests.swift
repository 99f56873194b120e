import Foundation
import Testing

@testable import Workbook

@Suite("Chapter command line")
struct ChapterOptionsTests {
    @Test func noArgumentsRunsWithoutAPicture() {
        #expect(ChapterOptions.parse([]) == .run(ChapterOptions(timelinePath: nil)))
    }

    @Test(arguments: [["--timeline", "out.svg"], ["--timeline=out.svg"]])
    func theTimelinePathComesAfterTheFlagOrItsEqualsSign(arguments: [String]) {
        #expect(ChapterOptions.parse(arguments) == .run(ChapterOptions(timelinePath: "out.svg")))
    }

    @Test(arguments: [["--help"], ["-h"], ["--timeline", "out.svg", "--help"]])
    func helpWinsOverEverythingElse(arguments: [String]) {
        #expect(ChapterOptions.parse(arguments) == .help)
    }

    @Test(arguments: [["--timeline"], ["--timeline="], ["--timeline", "--help"]])
    func aTimelineFlagWithoutAPathIsAMistakeThatSaysWhatIsMissing(arguments: [String]) {
        guard case .mistake(let message) = ChapterOptions.parse(arguments) else {
            Issue.record("\(arguments) was accepted")
            return
        }
        #expect(message.contains("needs the path"))
    }

    @Test(arguments: ["--verbose", "extra", "-x"])
    func anUnknownArgumentIsNamedInTheMistake(argument: String) {
        #expect(ChapterOptions.parse([argument]) == .mistake("unknown argument '\(argument)'"))
    }

    @Test func helpListsEveryRuleTheOptionAndTheExitCodes() {
        let rules = [
            Rule("the first rule", { _ in Finding(expected: 1, measured: 1, describe: { "\($0)" }) }),
            Rule("the second rule", { _ in Finding(expected: 1, measured: 1, describe: { "\($0)" }) }),
        ]
        let help = ChapterOptions.help(name: "Sample", title: "Chapter 0 · Sample", rules: rules)
        #expect(help.hasPrefix("Chapter 0 · Sample\n"))
        #expect(help.contains("usage: swift run Sample [--timeline <file.svg>]"))
        #expect(help.contains("  the first rule\n  the second rule\n"))
        #expect(help.contains("exit status: 0 every rule held, 1 a rule did not, 2"))
    }

    @Test func aFileSystemErrorIsOnePlainSentenceWithoutTheErrorDump() {
        let missing = FileManager.default.temporaryDirectory.appending(path: "no-such-folder-\(UUID())/y.svg")
        do {
            try Data().write(to: missing)
            Issue.record("writing into a missing folder succeeded")
        } catch {
            let reason = plainReason(error)
            #expect(!reason.isEmpty)
            #expect(!reason.contains("Domain="))
            #expect(!reason.contains("\n"))
        }
    }
}
