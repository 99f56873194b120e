import Testing

@Suite struct InteractivePageCommandTests {
    @Test func everyChapterPageSaysHowToStepThroughARunInABrowser() {
        let repository = DocsRepository.current
        let problems = interactivePageProblems(in: repository)
        #expect(problems.isEmpty, "\n\(problems.report)")
        #expect(!repository.chapters.isEmpty)
    }

    @Test func aConsistentSetOfPagesPasses() throws {
        let fixture = try Fixture.twoChapters()
        #expect(interactivePageProblems(in: fixture.repository) == [])
    }

    @Test(arguments: [
        (
            "Look at it closely.",
            "docs/01-alpha.md:3: does not say under its timeline how to step through a run in a browser, such as `swift run Alpha --timeline /tmp/alpha.html`"
        ),
        (
            "Step through it: `swift run Beta --timeline /tmp/alpha.html`",
            "docs/01-alpha.md:3: `swift run Beta --timeline /tmp/alpha.html` does not run Alpha"
        ),
        (
            "Step through it: `swift run Alpha --timeline /tmp/alpha.htm`",
            "docs/01-alpha.md:3: `swift run Alpha --timeline /tmp/alpha.htm` is not a command that writes one interactive page, such as `swift run Alpha --timeline /tmp/alpha.html`"
        ),
        (
            "Step through it: `swift run Alpha --timeline /tmp/alpha.svg`",
            "docs/01-alpha.md:3: `swift run Alpha --timeline /tmp/alpha.svg` is not a command that writes one interactive page, such as `swift run Alpha --timeline /tmp/alpha.html`"
        ),
    ])
    func aMissingLineOrACommandThatWritesNoPageOfTheChapterIsReported(under: String, problem: String) throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/01-alpha.md": "![Timeline of Alpha](images/01-alpha.svg)\n\n\(under)\n"
        ])
        #expect(interactivePageProblems(in: fixture.repository).map(\.description) == [problem])
    }
}
