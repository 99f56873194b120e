import Foundation
import TestSupport
import Testing

@testable import SiteCatalog

/// The built site served on loopback and read in headless Chromium as a reader would: the landing
/// page, every article with its pictures, the navigator's filter.
///
/// Walking every page takes Chromium half a minute, more than the rest of the suite after a
/// build, so `swift test` leaves it to `.ci/run`, which runs it with `WORKBOOK_SITE_BROWSER` set
/// once the site is built; set the variable to run it yourself.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["WORKBOOK_SITE_BROWSER"] != nil,
        "reads the site in Chromium for half a minute: set WORKBOOK_SITE_BROWSER=1 to run it"),
    .enabled(if: HeadlessBrowser.absenceExcuse == nil, "\(HeadlessBrowser.absenceExcuse ?? "")"))
struct SiteBrowserTests {
    @Test func theLandingPageListsEveryChapter() async throws {
        let visit = try await SiteVisit.shared.value
        let chapters = SiteVisit.pages.filter(\.isChapter)
        #expect(chapters.count >= 9)
        for chapter in chapters {
            #expect(
                visit.findings.landingTopics.map(PageElements.comparable).contains(
                    PageElements.comparable(chapter.title)),
                "the landing page lists no \(chapter.title)")
        }
    }

    @Test func everyPageShowsItsTitleAndEveryPictureItHas() async throws {
        let visit = try await SiteVisit.shared.value
        for page in SiteVisit.pages {
            let seen = try #require(
                visit.findings.pages.first { $0.address == page.address }, "\(page.address)")
            #expect(
                PageElements.comparable(seen.title) == PageElements.comparable(page.title), "\(page.address)")
            #expect(seen.pictures.count == page.pictures, "\(page.address): pictures on the site")
            #expect(seen.broken.isEmpty, "\(page.address) shows broken pictures: \(seen.broken)")
        }
        let client = try #require(visit.findings.pages.first { $0.address.hasSuffix("/typedclient/") })
        #expect(client.title == "TypedClient")
    }

    @Test func noPageWritesToTheConsoleOrAsksForAMissingFile() async throws {
        let visit = try await SiteVisit.shared.value
        #expect(visit.consoleMessages.isEmpty, "\(visit.consoleMessages.joined(separator: "\n"))")
        #expect(visit.failedRequests.isEmpty, "\(visit.failedRequests.joined(separator: "\n"))")
    }

    @Test func eachTutorialsQuizRejectsAWrongAnswerAndAcceptsTheRightOne() async throws {
        let visit = try await SiteVisit.shared.value
        #expect(visit.findings.quizzes.count == AssessmentTests.tutorials.count)
        for answers in visit.findings.quizzes {
            let (wrong, right) = (answers.wrong, answers.right)
            #expect(wrong.found && right.found, "\(answers.quiz.address) has no answer \(answers.quiz)")
            #expect(
                wrong.classes.split(separator: " ").contains("incorrect")
                    && wrong.said == "Answer \(answers.quiz.wrong) is incorrect",
                "\(answers.quiz.address): \(answers.quiz.wrong) gave \(wrong)")
            #expect(
                right.classes.split(separator: " ").contains("correct")
                    && right.said == "Answer \(answers.quiz.right) is correct",
                "\(answers.quiz.address): \(answers.quiz.right) gave \(right)")
        }
    }

    @Test func theNavigatorsFilterFindsEachChapterByAWordOfItsRule() async throws {
        let visit = try await SiteVisit.shared.value
        for chapter in SiteVisit.pages.filter(\.isChapter) {
            let word = try #require(
                SiteVisit.filterWord(for: chapter), "no word of \(chapter.title) is its own")
            let filter = try #require(visit.findings.filters.first { $0.word == word })
            #expect(
                filter.shown.map(PageElements.comparable).contains(PageElements.comparable(chapter.title)),
                "filtering by \(word) shows \(filter.shown)")
            #expect(filter.shown.count < SiteVisit.pages.count, "filtering by \(word) hides nothing")
        }
    }
}

/// One visit of the repository's site, shared by the tests above.
struct SiteVisit: Sendable {
    /// A page of `docs/` as the site should show it.
    struct ExpectedPage: Sendable {
        let address: String
        let title: String
        let pictures: Int
        let isChapter: Bool
    }

    let findings: SiteCheckPage.Findings
    let consoleMessages: [String]
    let failedRequests: [String]

    /// Every page of the site a reader reaches from the landing page, the API's aside.
    static let pages: [ExpectedPage] = articles + tutorials

    /// The tutorials and their table of contents, titled by their `@Intro`, pictured by their `@Image`s.
    static let tutorials: [ExpectedPage] = {
        let folder = packageRoot.appending(path: "Tutorials")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.sorted().filter { $0.hasSuffix(".tutorial") }.compactMap { file in
            guard let text = try? String(contentsOf: folder.appending(path: file), encoding: .utf8),
                let title = text.firstMatch(of: /@Intro\(title: "([^"]+)"\)/)?.output.1
            else { return nil }
            let name = file.dropLast(".tutorial".count).lowercased()
            let path = text.contains("@Tutorials(") ? "tutorials/\(name)/" : "tutorials/workbook/\(name)/"
            return ExpectedPage(
                address: "/\(SiteConversion.basePath)/\(path)", title: String(title),
                pictures: text.matches(of: /@Image\(/).count, isChapter: false)
        }
    }()

    /// The pages of `docs/` as articles.
    static let articles: [ExpectedPage] = {
        let docs = packageRoot.appending(path: "docs")
        let paths = (FileManager.default.enumerator(atPath: docs.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        return paths.compactMap { path in
            guard let text = try? String(contentsOf: docs.appending(path: path), encoding: .utf8) else {
                return nil
            }
            let page = Page(path: path, text: text)
            let elements = PageElements(markdown: text)
            let name = page.articleName == Catalog.rootName ? "" : page.articleName.lowercased() + "/"
            return ExpectedPage(
                address: "/\(SiteConversion.basePath)/documentation/workbook/\(name)",
                title: elements.headings.first ?? "", pictures: elements.pictures,
                isChapter: path.wholeMatch(of: /\d\d-[^\/]+\.md/) != nil)
        }
    }()

    /// The word of the chapter's rule (its title after the colon) that the fewest other pages'
    /// titles contain, of four letters or more.
    static func filterWord(for chapter: ExpectedPage) -> String? {
        let others = pages.filter { $0.address != chapter.address }.map { $0.title.lowercased() }
        let rule = chapter.title.split(separator: ":", maxSplits: 1).last ?? ""
        let words = rule.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }.filter {
            $0.count >= 4
        }
        return words.min { first, second in
            others.count { $0.contains(first) } < others.count { $0.contains(second) }
        }
    }

    static let shared = Task { try await visit() }

    private static func visit() async throws -> SiteVisit {
        let site = try await SiteConversion.repository.value
        let request = SiteCheckPage.Request(
            landing: "/\(SiteConversion.basePath)/documentation/workbook/",
            pages: pages.map(\.address) + ["/\(SiteConversion.basePath)/documentation/typedclient/"],
            filterWords: pages.filter(\.isChapter).compactMap(filterWord),
            quizzes: AssessmentTests.tutorials.compactMap { tutorial in
                let choices = Assessment(tutorial: tutorial.text).questions.first?.choices ?? []
                guard let right = choices.first(where: \.isCorrect),
                    let wrong = choices.first(where: { !$0.isCorrect })
                else { return nil }
                return SiteCheckPage.Quiz(
                    address:
                        "/\(SiteConversion.basePath)/tutorials/workbook/\(tutorial.chapter.lowercased())/",
                    wrong: wrong.answer, right: right.answer)
            })
        try SiteCheckPage.html(request).write(
            to: site.root.appending(path: "check.html"), atomically: true, encoding: .utf8)
        guard let browser = HeadlessBrowser.installed else {
            throw LoopbackFileServer.ServerError(description: HeadlessBrowser.whyMissing)
        }
        let server = try await LoopbackFileServer(serving: site.root)
        let page: HeadlessBrowser.LoadedPage
        do {
            page = try await browser.loadedPage(server.url("/check.html"), scriptTime: .seconds(600))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        return SiteVisit(
            findings: try SiteCheckPage.findings(in: page.document), consoleMessages: page.consoleMessages,
            failedRequests: server.failedRequests)
    }
}
