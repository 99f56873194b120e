import Foundation
import TestSupport
import Testing

@testable import ChapterRunner
@testable import Harness
@testable import TimelineDrawing
@testable import Timelines

@Suite("Chapter command line")
struct ChapterOptionsTests {
    @Test func noArgumentsRunsWithoutAPicture() {
        #expect(ChapterOptions.parse([]) == .run(ChapterOptions(timelines: [])))
    }

    @Test(arguments: [
        (["--timeline", "out.svg"], TimelineDestination.Format.svg),
        (["--timeline=out.svg"], .svg),
        (["--timeline", "run.html"], .html),
        (["--timeline", "RUN.HTML"], .html),
    ])
    func theTimelineFileComesAfterTheFlagAndItsExtensionChoosesTheFormat(
        arguments: [String], format: TimelineDestination.Format
    ) throws {
        guard case .run(let options) = ChapterOptions.parse(arguments) else {
            Issue.record("\(arguments) was refused")
            return
        }
        let destination = try #require(options.timelines.first)
        #expect(options.timelines.count == 1)
        #expect(destination.format == format)
        #expect(arguments.last!.hasSuffix(destination.path))
    }

    @Test func theTimelineCanBeDrawnInBothFormatsInOneRun() {
        #expect(
            ChapterOptions.parse(["--timeline", "a.svg", "--timeline=b.html"])
                == .run(ChapterOptions(timelines: [.init(path: "a.svg")!, .init(path: "b.html")!])))
    }

    @Test(arguments: [["--help"], ["-h"], ["--timeline", "out.svg", "--help"]])
    func helpWinsOverEverythingElse(arguments: [String]) {
        #expect(ChapterOptions.parse(arguments) == .help)
    }

    @Test(arguments: [["--timeline"], ["--timeline="], ["--timeline", "--help"]])
    func aTimelineFlagWithoutAFileIsAMistakeThatSaysWhatIsMissing(arguments: [String]) {
        #expect(
            ChapterOptions.parse(arguments)
                == .mistake("--timeline needs the file to draw, such as timeline.svg or timeline.html"))
    }

    @Test(arguments: ["x.png", "timeline", "picture.svg.txt", "folder/"])
    func aTimelineFileOfAnotherFormatIsRefused(path: String) {
        #expect(
            ChapterOptions.parse(["--timeline", path])
                == .mistake(
                    "--timeline \(path): the timeline is drawn as .svg or .html; name a file that ends in one of them"
                ))
    }

    @Test func aFolderIsRefusedAsAFolderWhateverItsName() {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(
            ChapterOptions.parse(["--timeline", folder])
                == .mistake(
                    "--timeline \(folder): that is a folder; name the file to write in it, such as "
                        + URL(fileURLWithPath: folder).appending(path: "timeline.svg").path))
    }

    @Test func theRulesPicturesGoToTheFolderNamed() {
        #expect(
            ChapterOptions.parse(["--rule-pictures", "docs/images/04-retry", "--timeline", "a.svg"])
                == .run(
                    ChapterOptions(timelines: [.init(path: "a.svg")!], rulePictures: "docs/images/04-retry")))
    }

    @Test(arguments: [["--rule-pictures"], ["--rule-pictures", "--help"], ["--rule-pictures", ""]])
    func aRulePicturesFlagWithoutAFolderIsAMistake(arguments: [String]) {
        #expect(
            ChapterOptions.parse(arguments)
                == .mistake("--rule-pictures needs the folder to draw each rule's picture in"))
    }

    @Test func aMissingFolderOrAFileForTheRulesPicturesIsRefused() throws {
        try inTemporaryFolder("rule-pictures") { folder in
            let missing = folder.appending(path: "no-such-folder").path
            #expect(
                RulePicture.folderProblem(missing) == "--rule-pictures \(missing): there is no such folder")
            let file = folder.appending(path: "a-file")
            try Data().write(to: file)
            #expect(
                RulePicture.folderProblem(file.path)
                    == "--rule-pictures \(file.path): that is a file, not a folder")
            #expect(RulePicture.folderProblem(folder.path) == nil)
        }
    }

    @Test(arguments: ["--verbose", "extra", "-x"])
    func anUnknownArgumentIsNamedInTheMistake(argument: String) {
        #expect(ChapterOptions.parse([argument]) == .mistake("unknown argument '\(argument)'"))
    }

    @Test func aRefusalIsOneLineThatNamesTheCommandAsTyped() {
        let refusal = ChapterOptions.refusal("unknown argument '--bogus'", command: "swift run Sample")
        #expect(
            refusal
                == "error: unknown argument '--bogus' (swift run Sample --help says what the chapter takes)")
    }

    @Test func helpListsEveryRuleTheOptionAndTheExitCodes() {
        let rules = [
            Rule("the first rule", { _ in Finding(expected: 1, measured: 1, describe: { "\($0)" }) }),
            Rule("the second rule", { _ in Finding(expected: 1, measured: 1, describe: { "\($0)" }) }),
        ]
        let help = ChapterOptions.help(command: "swift run Sample", title: "Chapter 0 · Sample", rules: rules)
        #expect(help.hasPrefix("Chapter 0 · Sample\n"))
        #expect(
            help.contains(
                "usage: swift run Sample [--timeline <file.svg | file.html>] [--rule-pictures <folder>]"))
        let options = help.components(separatedBy: "\n").filter { $0.hasPrefix("  -") }
        #expect(options.count == 4)
        #expect(
            Set(options.map { $0.firstRange(of: /\s{2,}[a.s]/)?.upperBound.utf16Offset(in: $0) }).count == 1,
            "aligned")
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

@Suite("Where a timeline is written")
struct TimelineDestinationTests {
    /// A fresh folder under the temporary directory, removed after `body`.
    func inFolder(_ body: (URL) throws -> Void) throws {
        try inTemporaryFolder("destination", body)
    }

    @Test func aFileInAnExistingFolderCanBeWrittenAndIsReplaced() throws {
        try inFolder { folder in
            let path = folder.appending(path: "run.svg").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            let destination = try #require(TimelineDestination(path: path))
            #expect(destination.problem() == nil)
            let timeline = Timeline(title: "Chapter")
            try destination.write(timeline)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == timeline.svg)
        }
    }

    @Test func anHTMLFileGetsThePage() throws {
        try inFolder { folder in
            let destination = try #require(TimelineDestination(path: folder.appending(path: "run.html").path))
            let timeline = Timeline(title: "Chapter")
            try destination.write(timeline)
            #expect(try String(contentsOfFile: destination.path, encoding: .utf8) == timeline.html)
        }
    }

    @Test func aMissingFolderIsRefusedAndNotCreated() throws {
        try inFolder { folder in
            let missing = folder.appending(path: "not/there")
            let destination = try #require(TimelineDestination(path: missing.appending(path: "x.svg").path))
            #expect(
                destination.problem()
                    == "--timeline \(destination.path): there is no folder \(missing.path) to write it in")
            #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "not").path))
        }
    }

    @Test func aFolderNamedLikeAPictureIsRefused() throws {
        try inFolder { folder in
            let named = folder.appending(path: "pictures.svg")
            try FileManager.default.createDirectory(at: named, withIntermediateDirectories: false)
            let destination = try #require(TimelineDestination(path: named.path))
            #expect(
                destination.problem()
                    == "--timeline \(named.path): that is a folder; name the file to write in it, such as "
                    + named.appending(path: "timeline.svg").path)
        }
    }

    @Test func aFileWhereTheFolderShouldBeIsRefused() throws {
        try inFolder { folder in
            let file = folder.appending(path: "notes")
            try Data().write(to: file)
            let destination = try #require(TimelineDestination(path: file.appending(path: "x.svg").path))
            #expect(
                destination.problem()
                    == "--timeline \(destination.path): \(file.path) is a file, not a folder")
        }
    }
}
