/// Checks that every Swift block in `docs/` quotes, exactly, the source region its marker names.
///
/// The marker is an HTML comment on the line before the fence,
/// `<!-- excerpt: Chapters/01-ColdPublishers/Rules.swift#nothing-before-subscribe -->`, and the region
/// is the one between `// excerpt: nothing-before-subscribe` and `// end excerpt` in that file.
func excerptProblems(in repository: DocsRepository) -> [DocProblem] {
    var sources: [String: SourceExcerpts] = [:]
    var problems: [DocProblem] = []
    for page in repository.pages {
        for marker in page.strayMarkers {
            problems.append(
                DocProblem(
                    page.path, line: marker.line, "\(marker.kind) marker is not followed by a code block"))
        }
        for block in page.blocks {
            let isExcerpt = block.marker?.kind == "excerpt"
            if block.language == "swift", !isExcerpt {
                problems.append(
                    DocProblem(
                        page.path, line: block.line,
                        "Swift block has no excerpt marker; put <!-- excerpt: path/to/File.swift#region --> on the line before it"
                    ))
            }
            guard isExcerpt, let marker = block.marker else { continue }
            guard block.language == "swift" else {
                problems.append(
                    DocProblem(page.path, line: block.line, "an excerpt must be a ```swift block"))
                continue
            }
            problems += excerptProblems(
                block, marker: marker, page: page, repository: repository, sources: &sources)
        }
    }
    return problems + sources.values.flatMap(\.problems)
}

private func excerptProblems(
    _ block: MarkdownPage.Block, marker: MarkdownPage.Marker, page: MarkdownPage, repository: DocsRepository,
    sources: inout [String: SourceExcerpts]
) -> [DocProblem] {
    let parts = marker.argument.split(separator: "#", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        return [
            DocProblem(
                page.path, line: marker.line,
                "excerpt marker must read path/to/File.swift#region: \(marker.argument)")
        ]
    }
    let (path, name) = (parts[0], parts[1])
    if sources[path] == nil, let text = repository.text(at: path) {
        sources[path] = SourceExcerpts(path: path, text: text)
    }
    guard let source = sources[path] else {
        return [DocProblem(page.path, line: marker.line, "excerpt quotes \(path), which does not exist")]
    }
    guard let region = source.regions[name] else {
        return [
            DocProblem(
                page.path, line: marker.line, "excerpt quotes region \"\(name)\", which \(path) does not mark"
            )
        ]
    }
    let quoted = SourceExcerpts.withoutCommonIndentation(block.content)
    guard let difference = firstDifference(quoted, region) else { return [] }
    return [
        DocProblem(
            page.path, line: block.line + 1 + difference.index,
            "excerpt differs from \(path)#\(name) at its line \(difference.index + 1): the doc has "
                + "\(difference.left), the source has \(difference.right)")
    ]
}

/// Where two texts, line by line, first differ, and what each has there (`end of text` past its last line).
func firstDifference(_ left: [String], _ right: [String]) -> (index: Int, left: String, right: String)? {
    guard left != right else { return nil }
    let index = zip(left, right).prefix { $0 == $1 }.count
    func shown(_ lines: [String]) -> String {
        index < lines.count ? "`\(lines[index])`" : "the end of the text"
    }
    return (index, shown(left), shown(right))
}
