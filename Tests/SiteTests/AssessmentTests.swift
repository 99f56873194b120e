import Foundation
import TestSupport
import Testing

/// Each tutorial's quiz asks what its chapter measured: the right answer is what the row shows in
/// a real run of the chapter, and no wrong answer is.
@Suite struct AssessmentTests {
    /// The tutorials, by the chapter each one runs (`RetryPlacement.tutorial` runs `RetryPlacement`).
    static let tutorials: [(chapter: String, text: String)] = {
        let folder = packageRoot.appending(path: "Tutorials")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.sorted().filter { $0.hasSuffix(".tutorial") }.compactMap { file in
            guard let text = try? String(contentsOf: folder.appending(path: file), encoding: .utf8),
                text.contains("@Tutorial(")
            else { return nil }
            return (String(file.dropLast(".tutorial".count)), text)
        }
    }()

    @Test func everyTutorialEndsWithTwoOrThreeQuestionsOnItsChaptersRows() {
        #expect(!Self.tutorials.isEmpty)
        for tutorial in Self.tutorials {
            #expect(chapterNames.contains(tutorial.chapter), "\(tutorial.chapter).tutorial runs no chapter")
            #expect(
                (2...3).contains(Assessment(tutorial: tutorial.text).questions.count), "\(tutorial.chapter)")
        }
    }

    @Test func everyChapterHasATutorial() {
        #expect(Self.tutorials.map(\.chapter).sorted() == chapterNames.sorted())
    }

    @Test(arguments: tutorials.map(\.chapter))
    func eachRightAnswerIsWhatTheChapterMeasured(chapter: String) async throws {
        let text = try #require(Self.tutorials.first { $0.chapter == chapter }).text
        let run = try await ChapterRuns.shared.run(chapter)
        let problems = Assessment(tutorial: text).problems(against: run.output)
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    @Test func aRowThatChangesUnderAQuestionIsReported() async throws {
        let text = try #require(Self.tutorials.first { $0.chapter == "RetryPlacement" }).text
        let run = try await ChapterRuns.shared.run("RetryPlacement")
        let changed = run.output.replacing(
            "failed: .status(503) · 3 requests", with: "failed: .status(503) · 4 requests")
        #expect(changed != run.output)
        #expect(
            Assessment(tutorial: text).problems(against: changed) == [
                "the row retry(2) after validation resends at once measured failed: .status(503) · 4 requests,"
                    + " but 3 requests is marked right",
                "the row retry(2) after validation resends at once measured failed: .status(503) · 4 requests,"
                    + " but 4 requests is marked wrong",
            ])
    }
}
