/// Checks how the pages hang together: one page per chapter folder, Previous / Next / Roadmap links
/// that lead where they say, `swift run` commands that name real executables, a roadmap that links
/// every chapter, and relative links that resolve.
func linkProblems(in repository: DocsRepository) -> [DocProblem] {
    let chapters = repository.chapters
    let pages = repository.chapterPages
    var problems: [DocProblem] = []
    for (index, chapter) in chapters.enumerated() {
        guard let page = onlyPage(of: chapter, in: pages, problems: &problems) else { continue }
        let neighbours = [
            ("Previous", chapters.indices.contains(index - 1) ? chapters[index - 1] : nil),
            ("Next", chapters.indices.contains(index + 1) ? chapters[index + 1] : nil),
        ]
        for (word, neighbour) in neighbours {
            guard let neighbour else {
                problems += navigationProblems(page, word: word, expected: nil)
                continue
            }
            // A neighbour without a page is reported on its own; there is nothing to link to yet.
            guard let target = pages[neighbour.number], target.count == 1 else { continue }
            problems += navigationProblems(page, word: word, expected: fileName(target[0].path))
        }
        problems += navigationProblems(page, word: "Roadmap", expected: "README.md")
        if !page.lines.contains(where: { executablesRun(in: $0).contains(chapter.name) }) {
            problems.append(DocProblem(page.path, "never says how to run it: no `swift run \(chapter.name)`"))
        }
    }
    for number in pages.keys.sorted() where !chapters.contains(where: { $0.number == number }) {
        for page in pages[number]! {
            problems.append(
                DocProblem(
                    page.path,
                    "is a chapter page, but there is no Chapters/\(String(format: "%02d", number))-* folder"))
        }
    }
    return problems + roadmapProblems(in: repository) + runCommandProblems(in: repository)
        + brokenLinks(in: repository)
}

private func onlyPage(
    of chapter: DocsRepository.Chapter, in pages: [Int: [MarkdownPage]], problems: inout [DocProblem]
) -> MarkdownPage? {
    let candidates = pages[chapter.number] ?? []
    guard candidates.count == 1 else {
        let found = candidates.isEmpty ? "none" : candidates.map(\.path).joined(separator: ", ")
        problems.append(
            DocProblem(
                chapter.folder, "needs exactly one page docs/\(chapter.pagePrefix)*.md; found \(found)"))
        return nil
    }
    return candidates[0]
}

/// Whether the links whose text says `word` lead to `expected`; a nil `expected` means there must
/// be none (no Previous on the first chapter, no Next on the last).
private func navigationProblems(_ page: MarkdownPage, word: String, expected: String?) -> [DocProblem] {
    let links = page.links.filter { !$0.isImage && $0.text.localizedCaseInsensitiveContains(word) }
    guard let expected else {
        return links.map {
            DocProblem(
                page.path, line: $0.line, "links \"\($0.text)\" to \($0.target), but there is no such chapter"
            )
        }
    }
    if links.isEmpty {
        return [DocProblem(page.path, "has no \(word) link (to \(expected))")]
    }
    return links.filter {
        withoutAnchor($0.target) != expected && withoutAnchor($0.target) != "./" + expected
    }.map {
        DocProblem(
            page.path, line: $0.line,
            "\(word) link \"\($0.text)\" goes to \($0.target), but should go to \(expected)")
    }
}

/// The roadmap and the front page must each link every chapter page: a chapter missing from either
/// is one a reader never finds from there.
private func roadmapProblems(in repository: DocsRepository) -> [DocProblem] {
    let chapterPages = repository.chapterPages.values.flatMap { $0 }.map { fileName($0.path) }.sorted()
    return [("docs/README.md", "the roadmap", ""), ("README.md", "the front page", "docs/")].flatMap {
        path, name, folder in
        guard let text = repository.text(at: path) else { return [DocProblem(path, "\(name) is missing")] }
        let targets = Set(MarkdownPage(path: path, text: text).links.map { withoutAnchor($0.target) })
        return chapterPages.compactMap { page in
            targets.contains(folder + page) || targets.contains("./" + folder + page)
                ? nil : DocProblem(path, "does not link \(folder + page)")
        }
    }
}

/// Every `swift run X` in the docs names an executable the package has.
private func runCommandProblems(in repository: DocsRepository) -> [DocProblem] {
    let executables = repository.executables
    var problems: [DocProblem] = []
    for page in repository.pages {
        for (offset, line) in page.lines.enumerated() {
            for name in executablesRun(in: line) where !executables.contains(name) {
                let known = executables.sorted().joined(separator: ", ")
                problems.append(
                    DocProblem(
                        page.path, line: offset + 1,
                        "`swift run \(name)`: no such executable (there are \(known))"))
            }
        }
    }
    return problems
}

/// The executable each `swift run` on a line starts, skipping its options (`-c release`, `--scratch-path p`).
func executablesRun(in line: String) -> [String] {
    line.ranges(of: "swift run").map { range in
        var words = line[range.upperBound...].split(whereSeparator: \.isWhitespace).map(String.init)[...]
        while let word = words.first, word.hasPrefix("-") {
            words = words.dropFirst(
                ["-c", "--configuration", "--scratch-path", "--package-path"].contains(word) ? 2 : 1)
        }
        return words.first.map { String($0.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) }
            ?? ""
    }
    .filter { !$0.isEmpty }
}

/// Relative links (and images) that point at nothing.
private func brokenLinks(in repository: DocsRepository) -> [DocProblem] {
    repository.pages.flatMap { page in
        page.links.compactMap { link in
            let target = withoutAnchor(link.target)
            guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else { return nil }
            let folder = page.path.split(separator: "/").dropLast().joined(separator: "/")
            let resolved = target.hasPrefix("/") ? String(target.dropFirst()) : folder + "/" + target
            return repository.exists(resolved)
                ? nil : DocProblem(page.path, line: link.line, "link to \(link.target) leads nowhere")
        }
    }
}

private func withoutAnchor(_ target: String) -> String {
    String(target.prefix { $0 != "#" })
}

func fileName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? "")
}
