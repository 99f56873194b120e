import Foundation

@testable import ChapterRunner
@testable import TimelineDrawing

/// Checks that each chapter page says, on the first line under its timeline, how to step through a
/// run in a browser: GitHub shows an HTML file as source, so the interactive page is one the reader
/// writes. The command is read from the page and parsed by the chapter's own command line, which
/// must take it as one HTML page to write and nothing else.
func interactivePageProblems(in repository: DocsRepository) -> [DocProblem] {
    repository.chapters.compactMap { chapter -> DocProblem? in
        // A missing page or overview picture is reported by the link and picture checks.
        guard let pages = repository.chapterPages[chapter.number], pages.count == 1 else { return nil }
        let page = pages[0]
        let pageName = fileName(page.path).replacingOccurrences(of: ".md", with: "")
        guard
            let picture = page.links.first(where: {
                $0.isImage
                    && ($0.target == "images/\(pageName).svg" || $0.target == "./images/\(pageName).svg")
            })
        else { return nil }
        let example = "`swift run \(chapter.name) --timeline /tmp/\(pageName.dropFirst(3)).html`"
        // The first line with text under the picture, and its 1-based number.
        let index = page.lines[picture.line...].firstIndex {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
        let line = (index ?? picture.line) + 1
        guard let index, let command = page.lines[index].firstMatch(of: /`swift run ([^`]*)`/)?.output.1
        else {
            return DocProblem(
                page.path, line: line,
                "does not say under its timeline how to step through a run in a browser, such as \(example)")
        }
        let words = command.split(separator: " ").map(String.init)
        guard words.first == chapter.name else {
            return DocProblem(
                page.path, line: line, "`swift run \(command)` does not run \(chapter.name)")
        }
        guard case .run(let options) = ChapterOptions.parse(Array(words.dropFirst())),
            options.timelines.map(\.format) == [.html], options.rulePictures == nil
        else {
            return DocProblem(
                page.path, line: line,
                "`swift run \(command)` is not a command that writes one interactive page, such as \(example)"
            )
        }
        return nil
    }
}
