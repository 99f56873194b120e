/// The sections of a chapter page, in the order a reader meets them: the rule, the code, what it
/// prints (`Run it`), then the pictures and whatever else the chapter goes through rule by rule,
/// why it behaves this way, the pitfall, and the exercise; after it only appendices
/// (`## Appendix…`), for a second reading.
let chapterSections = [
    "The rule", "The code", "Run it", "Why it behaves this way", "The pitfall", "Exercise",
]

/// A section a chapter page may have or leave out, with the two sections it must sit between: a
/// page that has it has it once, right after `after` and right before `before`.
struct OptionalChapterSection {
    let title: String
    let after: String
    let before: String
}

/// The optional sections: a chapter's rows in async/await come once the Combine story is told,
/// pitfall included, and before the exercise. Every chapter but those in
/// `chaptersWithoutAnAsyncTwin` must have it (`missingAsyncTwinProblems`).
let optionalChapterSections = [
    OptionalChapterSection(title: "The same rule in async/await", after: "The pitfall", before: "Exercise")
]

/// Where `page` departs from `chapterSections`: a section missing or repeated, two out of order,
/// another section before `Run it` or after `Why it behaves this way` (but for the optional ones,
/// each held to its own place, and the appendices, after the exercise), or a picture before `Run it`.
func sectionOrderProblems(in page: MarkdownPage) -> [DocProblem] {
    let headings = page.prose.compactMap { line, text in
        text.hasPrefix("## ") ? (line: line, title: String(text.dropFirst(3))) : nil
    }
    var problems: [DocProblem] = []
    for title in chapterSections where headings.filter({ $0.title == title }).count != 1 {
        let count = headings.filter { $0.title == title }.count
        problems.append(
            DocProblem(page.path, "has \(count) sections \"## \(title)\"; a chapter page has one"))
    }
    guard problems.isEmpty else { return problems }
    let found = headings.map(\.title).filter(chapterSections.contains)
    if found != chapterSections {
        problems.append(
            DocProblem(
                page.path,
                "its sections read \(found.joined(separator: ", ")); a chapter page's read "
                    + chapterSections.joined(separator: ", ")))
        return problems
    }
    let line = { (title: String) in headings.first { $0.title == title }!.line }
    let (runIt, why) = (line("Run it"), line("Why it behaves this way"))
    problems += optionalSectionProblems(in: page, headings: headings)
    let optional = optionalChapterSections.map(\.title)
    let exercise = line("Exercise")
    for heading in headings where isAppendix(heading.title) && heading.line < exercise {
        problems.append(
            DocProblem(
                page.path, line: heading.line,
                "\"## \(heading.title)\" comes before \"## Exercise\": an appendix goes after the exercise,"
                    + " at the page's end"))
    }
    for heading in headings
    where !chapterSections.contains(heading.title) && !optional.contains(heading.title)
        && !isAppendix(heading.title) && (heading.line < runIt || heading.line > why)
    {
        problems.append(
            DocProblem(
                page.path, line: heading.line,
                "\"## \(heading.title)\" is outside the page's middle: a section of its own goes after"
                    + " \"## Run it\" and before \"## Why it behaves this way\""))
    }
    for picture in page.links where picture.isImage && picture.line < runIt {
        problems.append(
            DocProblem(
                page.path, line: picture.line,
                "a picture comes before \"## Run it\": the pictures follow what the chapter prints"))
    }
    return problems
}

/// Whether a section titled `title` is one of the page's appendices, which follow its exercise.
private func isAppendix(_ title: String) -> Bool {
    ("## " + title).hasPrefix(appendixHeadingPrefix)
}

/// Where `page` puts an optional section anywhere but its place, or has it more than once.
/// `headings` are the page's `## ` headings in order.
private func optionalSectionProblems(
    in page: MarkdownPage, headings: [(line: Int, title: String)]
) -> [DocProblem] {
    var problems: [DocProblem] = []
    for section in optionalChapterSections {
        let found = headings.indices.filter { headings[$0].title == section.title }
        if found.count > 1 {
            problems.append(
                DocProblem(
                    page.path,
                    "has \(found.count) sections \"## \(section.title)\"; a chapter page has one at most"))
            continue
        }
        guard let index = found.first else { continue }
        let previous = index > 0 ? headings[index - 1].title : nil
        let next = index + 1 < headings.count ? headings[index + 1].title : nil
        if previous != section.after || next != section.before {
            problems.append(
                DocProblem(
                    page.path, line: headings[index].line,
                    "\"## \(section.title)\" is out of place: it goes right after \"## \(section.after)\""
                        + " and right before \"## \(section.before)\""))
        }
    }
    return problems
}

/// The chapters whose page has no async/await section: chapter 8 compares the completion handler,
/// the publisher and the async function from its first line, so its whole page is that section.
let chaptersWithoutAnAsyncTwin: Set<Int> = [8]

/// The title every other chapter's rule is measured again under, in async/await.
let asyncTwinSection = "The same rule in async/await"

/// Each page of `pages` (by chapter number) that should teach its rule in async/await too and has
/// no section for it.
func missingAsyncTwinProblems(in pages: [Int: [MarkdownPage]]) -> [DocProblem] {
    pages.sorted { $0.key < $1.key }.flatMap { number, pages in
        pages.filter { page in
            !chaptersWithoutAnAsyncTwin.contains(number)
                && !page.prose.contains { $0.text == "## " + asyncTwinSection }
        }
        .map {
            DocProblem(
                $0.path, "has no section \"## \(asyncTwinSection)\": the chapter's rule in async/await")
        }
    }
}
