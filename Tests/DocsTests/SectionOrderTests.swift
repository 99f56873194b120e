import Testing

/// Every chapter page reads in one order, so a reader knows where to look on any of them.
@Suite struct SectionOrderTests {
    @Test func everyChapterPageHasItsSectionsInOrder() {
        let pages = DocsRepository.current.chapterPages.values.flatMap { $0 }
        #expect(pages.count == DocsRepository.current.chapters.count)
        let problems = pages.flatMap(sectionOrderProblems)
        #expect(problems.isEmpty, "\n\(problems.report)")
    }

    /// A real page with its code and its output swapped, as six pages had them, fails the check.
    @Test func aPageThatRunsItBeforeItsCodeIsReported() throws {
        let page = try #require(DocsRepository.current.chapterPages[1]?.first)
        let swapped = page.lines.map { line in
            switch line {
            case "## The code": "## Run it"
            case "## Run it": "## The code"
            default: line
            }
        }
        #expect(
            sectionOrderProblems(in: MarkdownPage(path: page.path, text: swapped.joined(separator: "\n")))
                .map(\.description) == [
                    "\(page.path): its sections read The rule, Run it, The code, Why it behaves this way,"
                        + " The pitfall, Exercise; a chapter page's read The rule, The code, Run it,"
                        + " Why it behaves this way, The pitfall, Exercise"
                ])
    }

    @Test func aMissingOrRepeatedSectionIsReported() {
        let page = MarkdownPage(
            path: "docs/01-alpha.md",
            text: ["The rule", "The code", "Run it", "Run it", "Why it behaves this way", "Exercise"]
                .map { "## \($0)\n" }.joined())
        #expect(
            sectionOrderProblems(in: page).map(\.description) == [
                "docs/01-alpha.md: has 2 sections \"## Run it\"; a chapter page has one",
                "docs/01-alpha.md: has 0 sections \"## The pitfall\"; a chapter page has one",
            ])
    }

    @Test func aSectionOrAPictureBeforeRunItIsReported() {
        let page = MarkdownPage(
            path: "docs/01-alpha.md",
            text: """
                ## The rule
                ## The code
                ![a run](images/a.svg)
                ## Rule by rule
                ## Run it
                ## How the chapter measures it
                ![a rule](images/b.svg)
                ## Why it behaves this way
                ## The pitfall
                ## A footnote
                ## Exercise
                """)
        #expect(
            sectionOrderProblems(in: page).map(\.description) == [
                "docs/01-alpha.md:4: \"## Rule by rule\" is outside the page's middle: a section of its own goes"
                    + " after \"## Run it\" and before \"## Why it behaves this way\"",
                "docs/01-alpha.md:10: \"## A footnote\" is outside the page's middle: a section of its own goes"
                    + " after \"## Run it\" and before \"## Why it behaves this way\"",
                "docs/01-alpha.md:3: a picture comes before \"## Run it\": the pictures follow what the chapter prints",
            ])
    }
}
