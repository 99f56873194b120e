import ChildProcesses
import Foundation
import Harness
import TestSupport
import Testing

@Suite("Chapter executables")
struct ChapterExecutableTests {
    /// The environment the chapters run in here, the one their shared runs have: without
    /// `NO_COLOR`, and with a proxy that is down (see `ChapterRuns`).
    private var environment: [String: String] { ChapterRuns.environment }

    @Test(arguments: chapterNames)
    func reportsEveryRuleAsExpectedAndExitsZero(chapter: String) async throws {
        // The run the docs tests look at too: each chapter runs once for the whole suite, all of
        // them side by side.
        ChapterRuns.shared.startAll(chapterNames)
        let run = try await ChapterRuns.shared.run(chapter)
        let rows = ChildRun(status: 0, output: run.output, errors: run.errors).markedRows
        #expect(rows.count >= 4)
        #expect(rows.allSatisfy { $0.hasPrefix("✓ ") || $0.contains(" ✓ reproduced: ") }, "\(run.output)")
        #expect(stableReport(of: run.output).hasSuffix("\n\(rows.count) of \(rows.count) as expected"))
        #expect(!run.output.contains("\u{1B}["))
    }

    @Test func drawsATimelineWhenAskedWithoutChangingTheReport() async throws {
        try await inTemporaryFolder("chapter-timeline") { folder in
            let picture = folder.appending(path: "timeline.svg")
            // A chapter that waits on no timeout, since it runs twice here.
            let executable = builtExecutable(named: "ConditionalRequests")
            let plain = try await runChild(executable, environment: environment)
            let drawn = try await runChild(
                executable, arguments: ["--timeline", picture.path], environment: environment)
            #expect(drawn.status == 0, "stderr: \(drawn.errors)")
            #expect(stableReport(of: drawn.output) == stableReport(of: plain.output))
            let svg = try String(contentsOf: picture, encoding: .utf8)
            #expect(svg.contains("<svg"))
            #expect(svg.contains("GET /profile?tag=first-load"))
            #expect(drawn.output.hasSuffix("\ntimeline drawn in \(picture.standardizedFileURL.path)\n"))
        }
    }

    @Test(arguments: ["--help", "-h"])
    func helpSaysWhatTheChapterMeasuresAndRunsNothing(flag: String) async throws {
        let run = try await runChild(
            builtExecutable(named: "TypedErrors"), arguments: [flag], environment: environment)
        #expect(run.status == 0)
        #expect(run.output.contains("usage: swift run TypedErrors [--timeline <file.svg | file.html>]"))
        #expect(run.output.contains("  a missing user fails with its status\n"))
        #expect(run.markedRows.isEmpty)
    }

    @Test(arguments: [
        ["--verbose"], ["--timeline"], ["--timeline="], ["--timeline", "x.png"],
        ["--timeline", "/nonexistent/folder/x.svg"], ["--bogus"],
    ])
    func aMistakeOnTheCommandLineIsOneLineAndExitStatus2BeforeAnythingRuns(arguments: [String]) async throws {
        let run = try await runChild(
            builtExecutable(named: "TypedErrors"), arguments: arguments, environment: environment)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.split(separator: "\n").count == 1)
        #expect(run.errors.hasPrefix("error: "))
        #expect(run.errors.hasSuffix("(swift run TypedErrors --help says what the chapter takes)\n"))
        #expect(!run.errors.contains("Domain") && !run.errors.contains("error 512"))
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent"))
    }

    @Test func aFolderGivenAsTheTimelineIsRefusedInOnePlainLine() async throws {
        try await inTemporaryFolder("pictures") { temporary in
            // Named as a picture, so that only its being a folder is wrong.
            let folder = temporary.appending(path: "timeline.svg")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            let run = try await runChild(
                builtExecutable(named: "TypedErrors"), arguments: ["--timeline", folder.path],
                environment: environment)
            #expect(run.status == 2)
            #expect(run.errors.hasPrefix("error: --timeline \(folder.path): that is a folder; "))
            #expect(run.errors.split(separator: "\n").count == 1)
        }
    }
}
