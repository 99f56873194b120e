import Testing

@Suite struct LinkTests {
    @Test func theRealPagesLinkInChapterOrderAndRunRealExecutables() {
        let repository = DocsRepository.current
        let problems = linkProblems(in: repository)
        #expect(problems.isEmpty, "\n\(problems.report)")
        #expect(!repository.chapters.isEmpty)
    }

    @Test func aConsistentSetOfPagesPasses() throws {
        let fixture = try Fixture.twoChapters()
        let problems = linkProblems(in: fixture.repository)
        #expect(problems == [], "\n\(problems.report)")
    }

    @Test func aPreviousOrNextLinkToTheWrongPageIsReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/02-beta.md":
                "`swift run Beta`\n\n[← Previous](02-beta.md) · [Roadmap](README.md) · [Next](01-alpha.md)\n"
        ])
        #expect(
            linkProblems(in: fixture.repository).map(\.description) == [
                "docs/02-beta.md:3: Previous link \"← Previous\" goes to 02-beta.md, but should go to 01-alpha.md",
                "docs/02-beta.md:3: links \"Next\" to 01-alpha.md, but there is no such chapter",
            ])
    }

    @Test func missingNavigationLinksAreReported() throws {
        let fixture = try Fixture.twoChapters(replacing: ["docs/02-beta.md": "`swift run Beta`\n"])
        #expect(
            linkProblems(in: fixture.repository).map(\.description) == [
                "docs/02-beta.md: has no Previous link (to 01-alpha.md)",
                "docs/02-beta.md: has no Roadmap link (to README.md)",
            ])
    }

    @Test func aChapterWithoutAPageAndAPageWithoutAChapterAreReported() throws {
        let fixture = try Fixture.twoChapters(
            replacing: ["Chapters/03-Gamma/main.swift": "", "docs/04-delta.md": "[Roadmap](README.md)\n"])
        #expect(
            linkProblems(in: fixture.repository).map(\.description) == [
                "Chapters/03-Gamma: needs exactly one page docs/03-*.md; found none",
                "docs/04-delta.md: is a chapter page, but there is no Chapters/04-* folder",
                "docs/README.md: does not link 04-delta.md",
                "README.md: does not link docs/04-delta.md",
            ])
    }

    @Test func aFrontPageThatMissesAChapterIsReported() throws {
        let fixture = try Fixture.twoChapters(replacing: ["README.md": "| 1 | [Alpha](docs/01-alpha.md) |\n"])
        #expect(
            linkProblems(in: fixture.repository).map(\.description) == [
                "README.md: does not link docs/02-beta.md"
            ])
    }

    @Test func aRunCommandNamingNoExecutableIsReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/README.md":
                "[Alpha](01-alpha.md) [Beta](02-beta.md)\n\n```sh\nswift run ColdPublisher\n```\n"
        ])
        #expect(
            linkProblems(in: fixture.repository).map(\.description) == [
                "docs/README.md:4: `swift run ColdPublisher`: no such executable (there are Alpha, Beta, tool)"
            ])
    }

    @Test func aPageThatNeverSaysHowToRunItsChapterIsReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/01-alpha.md": "`swift run Beta`\n\n[Roadmap](README.md) · [Next](02-beta.md)\n"
        ])
        #expect(
            linkProblems(in: fixture.repository).map(\.description) == [
                "docs/01-alpha.md: never says how to run it: no `swift run Alpha`"
            ])
    }

    @Test func aRoadmapThatMissesAChapterAndALinkToNothingAreReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/README.md": "[Alpha](01-alpha.md) and [the source](../Gone.swift)\n"
        ])
        #expect(
            linkProblems(in: fixture.repository).map(\.description) == [
                "docs/README.md: does not link 02-beta.md",
                "docs/README.md:1: link to ../Gone.swift leads nowhere",
            ])
    }

    @Test func runCommandsSkipTheirOptions() {
        #expect(executablesRun(in: "swift run ColdPublishers --timeline x.svg") == ["ColdPublishers"])
        #expect(
            executablesRun(
                in: "`swift run -c release Bench` and `swift run --scratch-path .b workbook check 3`") == [
                    "Bench", "workbook",
                ])
        #expect(executablesRun(in: "no command here") == [])
    }
}
