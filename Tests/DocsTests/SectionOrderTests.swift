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

    /// A page whose sections are `titles`, in that order, each a `## ` heading on its own line.
    private func page(_ titles: [String]) -> MarkdownPage {
        MarkdownPage(path: "docs/02-beta.md", text: titles.map { "## \($0)\n" }.joined())
    }

    @Test func theAsyncSectionBetweenThePitfallAndTheExerciseIsAccepted() {
        let titles = [
            "The rule", "The code", "Run it", "How it is measured", "Why it behaves this way", "The pitfall",
            "The same rule in async/await", "Exercise",
        ]
        #expect(sectionOrderProblems(in: page(titles)).isEmpty)
    }

    @Test(arguments: [
        // Where a section of a chapter's own would be fine, but this one is not.
        (
            [
                "The rule", "The code", "Run it", "The same rule in async/await", "Why it behaves this way",
                "The pitfall", "Exercise",
            ], 4
        ),
        // Before the pitfall, right after why.
        (
            [
                "The rule", "The code", "Run it", "Why it behaves this way", "The same rule in async/await",
                "The pitfall", "Exercise",
            ], 5
        ),
        // After the exercise.
        (
            [
                "The rule", "The code", "Run it", "Why it behaves this way", "The pitfall", "Exercise",
                "The same rule in async/await",
            ], 7
        ),
        // Before everything.
        (
            [
                "The same rule in async/await", "The rule", "The code", "Run it", "Why it behaves this way",
                "The pitfall", "Exercise",
            ], 1
        ),
    ])
    func theAsyncSectionAnywhereElseIsReportedAtItsLine(titles: [String], line: Int) {
        #expect(
            sectionOrderProblems(in: page(titles)).map(\.description) == [
                "docs/02-beta.md:\(line): \"## The same rule in async/await\" is out of place: it goes right after"
                    + " \"## The pitfall\" and right before \"## Exercise\""
            ])
    }

    @Test func appendicesAfterTheExerciseAreAccepted() {
        let titles = [
            "The rule", "The code", "Run it", "Why it behaves this way", "The pitfall", "Exercise",
            "Appendix: rule by rule", "Appendix: how it is measured",
        ]
        #expect(sectionOrderProblems(in: page(titles)).isEmpty)
    }

    @Test func anAppendixBeforeTheExerciseIsReportedAtItsLine() {
        let titles = [
            "The rule", "The code", "Run it", "Why it behaves this way", "Appendix: rule by rule",
            "The pitfall",
            "Exercise",
        ]
        #expect(
            sectionOrderProblems(in: page(titles)).map(\.description) == [
                "docs/02-beta.md:5: \"## Appendix: rule by rule\" comes before \"## Exercise\": an appendix goes"
                    + " after the exercise, at the page's end"
            ])
    }

    @Test func theAsyncSectionTwiceIsReported() {
        let titles = [
            "The rule", "The code", "Run it", "Why it behaves this way", "The pitfall",
            "The same rule in async/await", "The same rule in async/await", "Exercise",
        ]
        #expect(
            sectionOrderProblems(in: page(titles)).map(\.description) == [
                "docs/02-beta.md: has 2 sections \"## The same rule in async/await\"; a chapter page has one at most"
            ])
    }

    @Test func theRealChapter2PageWithItsAsyncSectionMovedUpIsReported() throws {
        let real = try #require(DocsRepository.current.chapterPages[2]?.first)
        let title = "## The same rule in async/await"
        let start = try #require(real.lines.firstIndex(of: title), "chapter 2 has no async/await section")
        var lines = real.lines
        lines.remove(at: start)
        let pitfall = try #require(lines.firstIndex(of: "## The pitfall"))
        lines.insert(title, at: pitfall)
        let moved = MarkdownPage(path: real.path, text: lines.joined(separator: "\n"))
        #expect(
            sectionOrderProblems(in: moved).map(\.message) == [
                "\"## The same rule in async/await\" is out of place: it goes right after"
                    + " \"## The pitfall\" and right before \"## Exercise\""
            ])
    }

    @Test func everyChapterButThreeWaysTeachesItsRuleInAsyncAwaitToo() {
        let problems = missingAsyncTwinProblems(in: DocsRepository.current.chapterPages)
        #expect(problems.isEmpty, "\n\(problems.report)")
    }

    @Test func aChapterPageWithoutItsAsyncSectionIsReported() throws {
        let real = try #require(DocsRepository.current.chapterPages[5]?.first)
        let without = real.lines.filter { $0 != "## " + asyncTwinSection }
        let page = MarkdownPage(path: real.path, text: without.joined(separator: "\n"))
        #expect(
            missingAsyncTwinProblems(in: [5: [page]]).map(\.description) == [
                "\(real.path): has no section \"## The same rule in async/await\": the chapter's rule in async/await"
            ])
        #expect(missingAsyncTwinProblems(in: [8: [page]]).isEmpty, "chapter 8 needs no async section")
    }
}
