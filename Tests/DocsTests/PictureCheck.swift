import Foundation
import TestSupport
import TimelineDrawing
import Timelines

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Checks each chapter's timeline pictures: the overview at `docs/images/<page name>.svg` and each
/// rule's own at `docs/images/<page name>/<rule>.svg`, one for every rule and none for a rule that
/// is gone, all shown on the page. Each is plain SVG that GitHub and browsers draw the same, laid out
/// so that nothing collides (`timelinePictureProblems`), drawn from the event sequence the
/// chapter produces now, and with no lane named by a type the page's code does not write.
///
/// `fresh` draws the chapter's pictures from a new run (by name, such as `ColdPublishers`); only the
/// stable sequences are compared, never the times.
func pictureProblems(
    in repository: DocsRepository, fresh: (String) async throws -> ChapterPictures
) async -> [DocProblem] {
    var problems: [DocProblem] = []
    for chapter in repository.chapters {
        guard let pages = repository.chapterPages[chapter.number], pages.count == 1 else { continue }
        let page = pages[0]
        let pageName = fileName(page.path).replacingOccurrences(of: ".md", with: "")
        let picture = "images/\(pageName).svg"
        if !page.links.contains(where: { $0.isImage && ($0.target == picture || $0.target == "./" + picture) }
        ) {
            problems.append(DocProblem(page.path, "does not show its timeline: no ![…](\(picture))"))
        }
        let pictures: ChapterPictures
        do {
            pictures = try await fresh(chapter.name)
        } catch {
            problems.append(
                DocProblem("docs/" + picture, "could not draw a fresh timeline of \(chapter.name): \(error)"))
            continue
        }
        problems += committedPictureProblems(
            at: "docs/" + picture, in: repository, current: pictures.overview, chapter: chapter.name)
        let folder = "docs/images/\(pageName)/"
        for rule in pictures.rules {
            problems += committedPictureProblems(
                at: folder + rule.name + ".svg", in: repository, current: rule.svg, chapter: chapter.name)
            if let svg = repository.text(at: folder + rule.name + ".svg") {
                problems += unwrittenLaneProblems(svg, page: page, path: folder + rule.name + ".svg")
            }
            let shown = "images/\(pageName)/\(rule.name).svg"
            if !page.links.contains(where: { $0.isImage && ($0.target == shown || $0.target == "./" + shown) }
            ) {
                problems.append(
                    DocProblem(page.path, "does not show the picture of a rule: no ![…](\(shown))"))
            }
        }
        let drawn = Set(pictures.rules.map { $0.name + ".svg" })
        for stale in repository.files(in: folder).filter({ $0.hasSuffix(".svg") && !drawn.contains($0) }) {
            problems.append(
                DocProblem(folder + stale, "is the picture of no rule of \(chapter.name); remove it"))
        }
    }
    return problems
}

/// Lanes named by a type, such as `MapError` or `Multicast`, that none of the page's Swift code
/// writes: a stage drawn by what an operator is made of, where a reader looks for the operator
/// the code names.
func unwrittenLaneProblems(_ svg: String, page: MarkdownPage, path: String) -> [DocProblem] {
    let code = page.blocks.filter { $0.language == "swift" }.flatMap(\.content).joined(separator: "\n")
    let written = Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    let titles = svg.split(separator: "\n").filter {
        $0.hasPrefix("<text") && $0.contains("data-row-events=")
    }
    .map { line in String(line.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }) }
    return titles.compactMap { title in
        let name = title.hasSuffix(" (inner)") ? String(title.dropLast(" (inner)".count)) : title
        guard name.first?.isUppercase == true, name.allSatisfy({ $0.isLetter || $0.isNumber }),
            !written.contains(name)
        else { return nil }
        return DocProblem(path, "draws a lane named \(name), a type the page's code does not write")
    }
}

/// What is wrong with the committed picture at `path`, given the picture a fresh run draws there.
private func committedPictureProblems(
    at path: String, in repository: DocsRepository, current: String, chapter: String
) -> [DocProblem] {
    guard let svg = repository.text(at: path) else {
        return [DocProblem(path, "is missing; draw it with scripts/draw-timelines")]
    }
    var problems = plainSVGProblems(svg, path: path)
    problems += timelinePictureProblems(svg).map { DocProblem(path, $0) }
    guard let drawn = Timeline.stableSequence(inSVG: svg) else {
        return problems + [
            DocProblem(path, "has no <metadata id=\"stable-sequence\">; draw it with scripts/draw-timelines")
        ]
    }
    guard let fresh = Timeline.stableSequence(inSVG: current) else {
        return problems + [DocProblem(path, "a fresh run of \(chapter) drew no stable sequence")]
    }
    return problems + sequenceProblems(drawn: drawn, current: fresh, path: path, chapter: chapter)
}

/// Where the picture's sequence and a fresh run's part ways, named by section and lane.
private func sequenceProblems(drawn: String, current: String, path: String, chapter: String) -> [DocProblem] {
    let drawnLines = drawn.components(separatedBy: "\n")
    guard let difference = firstDifference(drawnLines, current.components(separatedBy: "\n")) else {
        return []
    }
    let before = drawnLines.prefix(difference.index)
    let place = [
        before.last { $0.hasPrefix("section: ") },
        before.last { $0.hasPrefix("  lane: ") && difference.index > 0 },
    ]
    .compactMap { $0?.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
    return [
        DocProblem(
            path,
            "was drawn from another event sequence than \(chapter) produces now (\(place.isEmpty ? "at the start" : place)): "
                + "the picture has \(difference.left), a fresh run has \(difference.right); redraw it with scripts/draw-timelines"
        )
    ]
}

/// The smallest text a picture may have: on a page 1200 px wide, shown across a classroom
/// projector's width, 14 px text is still over 20 px high.
let smallestReadableTextSize = 14.0

/// What keeps a picture readable everywhere: well-formed XML, no scripts, styles, foreign content or
/// anything loaded from elsewhere, and text large enough to read when projected.
func plainSVGProblems(_ svg: String, path: String) -> [DocProblem] {
    var problems: [DocProblem] = []
    let parser = XMLParser(data: Data(svg.utf8))
    // On Linux `parse()` can answer true and still leave an error behind, so both are consulted.
    if !parser.parse() || parser.parserError != nil {
        problems.append(
            DocProblem(
                path, "is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "unknown error")"))
    }
    for forbidden in [
        "<script", "<style", "<foreignObject", "@import", "@font-face", "href=\"http", "url(http",
    ]
    where svg.localizedCaseInsensitiveContains(forbidden) {
        problems.append(DocProblem(path, "contains \(forbidden), which GitHub will not draw the same way"))
    }
    if !svg.contains("<text") {
        problems.append(DocProblem(path, "has no text labels"))
    }
    let smallest = svg.matches(of: /font-size="([0-9.]+)"/).compactMap { Double($0.output.1) }.min()
    if let smallest, smallest < smallestReadableTextSize {
        problems.append(
            DocProblem(
                path,
                "has \(smallest.formatted()) px text, too small to read when projected (\(smallestReadableTextSize.formatted()) px at least)"
            ))
    }
    return problems
}
