import Foundation
import Harness
import TestSupport
import Testing
import Timelines

@Suite struct PictureTests {
    /// The committed pictures are drawn from runs on Linux, and their event sequences name what
    /// Linux Foundation does (its URLError codes, for one); a run on another platform differs there
    /// by design, so only a Linux run is compared with them.
    @Test(.enabled(if: platformName == "Linux", "the pictures record runs on Linux"))
    func everyChapterPictureWasDrawnFromTheChaptersCurrentEventSequence() async throws {
        let repository = DocsRepository.current
        ChapterRuns.shared.startAll(repository.chapters.map(\.name))
        let problems = await pictureProblems(in: repository) { try await ChapterRuns.shared.run($0).pictures }
        #expect(problems.isEmpty, "\n\(problems.report)")
        #expect(!repository.chapters.isEmpty)
    }

    @Test func picturesDrawnFromTheSameSequencePassWhateverTheirTimes() async throws {
        let fixture = try Fixture.twoChapters()
        // A fresh timeline has other times than the committed picture, but the same sequence.
        #expect(await pictureProblems(in: fixture.repository) { Fixture.pictures($0) } == [])
    }

    @Test func aPictureOfAnotherSequenceIsReportedWithItsSectionAndLane() async throws {
        let fixture = try Fixture.twoChapters()
        let problems = await pictureProblems(in: fixture.repository) { name in
            Fixture.pictures(name, value: name == "Beta" ? "404" : "200")
        }
        let difference =
            "was drawn from another event sequence than Beta produces now "
            + "(section: says hello, lane: subscriber): the picture has `    value 200 (off main)`, "
            + "a fresh run has `    value 404 (off main)`; redraw it with scripts/draw-timelines"
        #expect(
            problems.map(\.description) == [
                "docs/images/02-beta.svg: " + difference,
                "docs/images/02-beta/says-hello.svg: " + difference,
            ])
    }

    @Test func aMissingPictureOrOneThePageDoesNotShowIsReported() async throws {
        let fixture = try Fixture.twoChapters(
            replacing: ["docs/01-alpha.md": "`swift run Alpha`\n[Roadmap](README.md) · [Next](02-beta.md)\n"],
            removing: ["docs/images/02-beta.svg", "docs/images/02-beta/says-hello.svg"])
        #expect(
            await pictureProblems(in: fixture.repository) { Fixture.pictures($0) }.map(\.description) == [
                "docs/01-alpha.md: does not show its timeline: no ![…](images/01-alpha.svg)",
                "docs/01-alpha.md: does not show the picture of a rule: no ![…](images/01-alpha/says-hello.svg)",
                "docs/images/02-beta.svg: is missing; draw it with scripts/draw-timelines",
                "docs/images/02-beta/says-hello.svg: is missing; draw it with scripts/draw-timelines",
            ])
    }

    @Test func aRulePictureOfNoRuleIsReported() async throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/images/01-alpha/says-goodbye.svg": Fixture.pictures("Alpha").rules[0].svg
        ])
        #expect(
            await pictureProblems(in: fixture.repository) { Fixture.pictures($0) }.map(\.description) == [
                "docs/images/01-alpha/says-goodbye.svg: is the picture of no rule of Alpha; remove it"
            ])
    }

    @Test func aPictureWhoseTextCollidesIsReported() async throws {
        let crowded = Fixture.pictures("Alpha").rules[0].svg.replacingOccurrences(
            of: "</svg>", with: "<text x=\"30\" y=\"45\" font-size=\"19\">on top of the title</text>\n</svg>")
        let fixture = try Fixture.twoChapters(replacing: ["docs/images/01-alpha/says-hello.svg": crowded])
        #expect(
            await pictureProblems(in: fixture.repository) { Fixture.pictures($0) }.map(\.description) == [
                "docs/images/01-alpha/says-hello.svg: text 'says hello' overlaps text 'on top of the title'"
            ])
    }

    @Test func aPictureWithoutItsSequenceOrWithAScriptIsReported() async throws {
        let scripted = Fixture.pictures("Beta").overview.replacingOccurrences(
            of: "</svg>", with: "<script>alert(1)</script></svg>")
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/images/01-alpha.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>hi</text></svg>",
            "docs/images/02-beta.svg": scripted,
        ])
        #expect(
            await pictureProblems(in: fixture.repository) { Fixture.pictures($0) }.map(\.description) == [
                "docs/images/01-alpha.svg: has no <metadata id=\"stable-sequence\">; draw it with scripts/draw-timelines",
                "docs/images/02-beta.svg: contains <script, which GitHub will not draw the same way",
            ])
    }

    @Test func aPictureWithTextTooSmallToProjectIsReported() {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><text font-size="11">tiny</text></svg>"#
        #expect(
            plainSVGProblems(svg, path: "x.svg").map(\.description) == [
                "x.svg: has 11 px text, too small to read when projected (14 px at least)"
            ])
        #expect(plainSVGProblems(Fixture.timeline("Alpha").svg, path: "x.svg") == [])
    }

    @Test func aLaneNamedByATypeThePagesCodeDoesNotWriteIsReported() {
        let page = MarkdownPage(
            path: "docs/04-x.md",
            text: "```swift\nlet bodies = session.dataTaskPublisher(for: url).retry(2)\n```\n")
        func lane(_ title: String) -> String {
            "<svg>\n<text x=\"24\" y=\"40\" data-row-events=\"0 1\">\(title)</text>\n</svg>"
        }
        for written in ["dataTaskPublisher(for: url)", "retry(2)", "attempt 1"] {
            #expect(unwrittenLaneProblems(lane(written), page: page, path: "x.svg") == [])
        }
        #expect(
            unwrittenLaneProblems(lane("MapError"), page: page, path: "x.svg").map(\.description) == [
                "x.svg: draws a lane named MapError, a type the page's code does not write"
            ])
        #expect(
            unwrittenLaneProblems(lane("AnyPublisher (inner)"), page: page, path: "x.svg").map(\.description)
                == [
                    "x.svg: draws a lane named AnyPublisher, a type the page's code does not write"
                ])
    }

    @Test func aPictureThatIsNotWellFormedIsReported() {
        let problems = plainSVGProblems("<svg><text>unclosed</svg>", path: "x.svg")
        #expect(problems.first?.message.hasPrefix("is not well-formed XML") == true)
    }
}

/// A chapter's interactive page, as a real browser renders it.
@Suite(.enabled(if: HeadlessBrowser.absenceExcuse == nil, "\(HeadlessBrowser.absenceExcuse ?? "")"))
struct InteractivePageTests {
    @Test func aChaptersPageShowsEveryEventOfEveryRuleInABrowser() async throws {
        let browser = try #require(HeadlessBrowser.installed, "\(HeadlessBrowser.whyMissing)")
        let run = try await ChapterRuns.shared.run("ColdPublishers")
        let dom = try await inTemporaryFolder("cold-publishers") { folder in
            let page = folder.appending(path: "cold-publishers.html")
            try Data(run.html.utf8).write(to: page)
            return try await browser.renderedDocument(of: page)
        }
        // What the run recorded, rule by rule: the events under each section of the stable sequence.
        let sequence = try #require(Timeline.stableSequence(inSVG: run.pictures.overview))
        let recorded = sequence.split(separator: "section: ").dropFirst().map {
            $0.split(separator: "\n").filter { $0.hasPrefix("    ") }.count
        }
        let buttons = dom.matches(of: /<button data-events="(\d+)"/).map { Int($0.output.1)! }
        #expect(buttons == recorded)
        let sections = Array(dom.split(separator: "<section class=\"rule\"").dropFirst())
        #expect(sections.map { $0.matches(of: /data-event="\d+"/).count } == recorded)
        // The first rule opens with every event revealed.
        #expect(sections.first?.matches(of: /data-shown="true"/).count == recorded.first)
    }
}
