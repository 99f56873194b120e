import Testing

/// Every page's main path reads in one sitting; the rest waits in an appendix at its end.
@Suite struct MainPathTests {
    @Test func everyPagesMainPathFitsTheLimit() {
        let pages = DocsRepository.current.pages
        #expect(!pages.isEmpty)
        let problems = pages.flatMap { mainPathProblems(in: $0) }
        #expect(problems.isEmpty, "\n\(problems.report)")
    }

    /// The check counts up to the first appendix heading, not the whole page.
    @Test func aLongPageIsReportedUntilItsRestMovesIntoAnAppendix() {
        let body = Array(repeating: "A line of the main path.", count: 5)
        let long = MarkdownPage(
            path: "docs/01-alpha.md", text: (["## The rule"] + body).joined(separator: "\n"))
        #expect(
            mainPathProblems(in: long, limit: 4).map(\.description) == [
                "docs/01-alpha.md: its main path, before \"## Appendix…\", is 6 lines, more than 4: "
                    + "move what a first reading can skip into an appendix at the page's end"
            ])
        let split = MarkdownPage(
            path: "docs/01-alpha.md",
            text: (["## The rule", "A line.", "## Appendix: rule by rule"] + body).joined(separator: "\n"))
        #expect(mainPathLength(of: split) == 2)
        #expect(mainPathProblems(in: split, limit: 4).isEmpty)
    }

    /// A heading inside a code block is not the page's appendix.
    @Test func anAppendixHeadingInACodeBlockDoesNotEndTheMainPath() {
        let page = MarkdownPage(
            path: "docs/01-alpha.md",
            text: ["## The rule", "```text", "## Appendix", "```", "After."].joined(separator: "\n"))
        #expect(mainPathLength(of: page) == 5)
    }
}
