import Testing
import Workbook

@Suite struct PictureTests {
    /// The committed pictures are drawn from runs on Linux, and their event sequences name what
    /// Linux Foundation does (its URLError codes, for one); a run on another platform differs there
    /// by design, so only a Linux run is compared with them.
    @Test(.enabled(if: platformName == "Linux", "the pictures record runs on Linux"))
    func everyChapterPictureWasDrawnFromTheChaptersCurrentEventSequence() async throws {
        let repository = DocsRepository.current
        let problems = await pictureProblems(in: repository) { try await ChapterRuns.shared.run($0).svg }
        #expect(problems.isEmpty, "\n\(problems.report)")
        #expect(!repository.chapters.isEmpty)
    }

    @Test func picturesDrawnFromTheSameSequencePassWhateverTheirTimes() async throws {
        let fixture = try Fixture.twoChapters()
        // A fresh timeline has other times than the committed picture, but the same sequence.
        #expect(await pictureProblems(in: fixture.repository) { Fixture.timeline($0).svg } == [])
    }

    @Test func aPictureOfAnotherSequenceIsReportedWithItsSectionAndLane() async throws {
        let fixture = try Fixture.twoChapters()
        let problems = await pictureProblems(in: fixture.repository) { name in
            Fixture.timeline(name, value: name == "Beta" ? "404" : "200").svg
        }
        #expect(
            problems.map(\.description) == [
                "docs/images/02-beta.svg: was drawn from another event sequence than Beta produces now "
                    + "(section: says hello, lane: subscriber): the picture has `    value 200 (off main)`, "
                    + "a fresh run has `    value 404 (off main)`; redraw it with scripts/draw-timelines"
            ])
    }

    @Test func aMissingPictureOrOneThePageDoesNotShowIsReported() async throws {
        let fixture = try Fixture.twoChapters(
            replacing: ["docs/01-alpha.md": "`swift run Alpha`\n[Roadmap](README.md) · [Next](02-beta.md)\n"],
            removing: ["docs/images/02-beta.svg"])
        #expect(
            await pictureProblems(in: fixture.repository) { Fixture.timeline($0).svg }.map(\.description) == [
                "docs/01-alpha.md: does not show its timeline: no ![…](images/01-alpha.svg)",
                "docs/images/02-beta.svg: is missing; draw it with scripts/draw-timelines",
            ])
    }

    @Test func aPictureWithoutItsSequenceOrWithAScriptIsReported() async throws {
        let scripted = Fixture.timeline("Beta").svg.replacingOccurrences(
            of: "</svg>", with: "<script>alert(1)</script></svg>")
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/images/01-alpha.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>hi</text></svg>",
            "docs/images/02-beta.svg": scripted,
        ])
        #expect(
            await pictureProblems(in: fixture.repository) { Fixture.timeline($0).svg }.map(\.description) == [
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

    @Test func aPictureThatIsNotWellFormedIsReported() {
        let problems = plainSVGProblems("<svg><text>unclosed</svg>", path: "x.svg")
        #expect(problems.first?.message.hasPrefix("is not well-formed XML") == true)
    }
}
