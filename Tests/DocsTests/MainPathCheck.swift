/// The most lines a page's main path may have: what a learner reads in one sitting.
let mainPathLineLimit = 450

/// The heading that ends a page's main path: everything from the first `## Appendix` on (build
/// settings in depth, how a row is measured, each row's code and picture) is for a second reading.
let appendixHeadingPrefix = "## Appendix"

/// The lines of `page` a learner reads in one sitting: all of them up to its first appendix
/// heading, or the whole page when it has none.
func mainPathLength(of page: MarkdownPage) -> Int {
    page.prose.first { $0.text.hasPrefix(appendixHeadingPrefix) }.map { $0.line - 1 } ?? page.lines.count
}

/// `page`'s main path when it is longer than `limit` lines, named with its length.
func mainPathProblems(in page: MarkdownPage, limit: Int = mainPathLineLimit) -> [DocProblem] {
    let length = mainPathLength(of: page)
    guard length > limit else { return [] }
    return [
        DocProblem(
            page.path,
            "its main path, before \"\(appendixHeadingPrefix)…\", is \(length) lines, more than \(limit): "
                + "move what a first reading can skip into an appendix at the page's end")
    ]
}
