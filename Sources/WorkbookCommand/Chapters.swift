import CheckProcesses
import Foundation

/// A chapter as the overview lists it, read from the package itself, so a chapter shows up as soon
/// as its folder and page exist.
struct ChapterEntry: Equatable, Sendable {
    let number: Int
    /// The executable, as in `swift run ColdPublishers`.
    let name: String
    /// The chapter's rule, from its page's title: `Cold publishers: nothing happens until you subscribe`.
    let title: String
}

extension Layout {
    /// The chapters, `Chapters/NN-Name`, in order, each titled from its page `docs/NN-*.md`.
    func chapters() -> [ChapterEntry] {
        let folders =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Chapters").path))
            ?? []
        let pages =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "docs").path)) ?? []
        return folders.compactMap { folder -> ChapterEntry? in
            guard let match = folder.wholeMatch(of: /(\d{2})-([A-Za-z][A-Za-z0-9]*)/) else { return nil }
            let number = Int(match.output.1)!
            let page = pages.sorted().first {
                $0.hasPrefix(String(match.output.1) + "-") && $0.hasSuffix(".md")
            }
            let title =
                page.flatMap { pageTitle(root.appending(path: "docs/" + $0)) } ?? String(match.output.2)
            return ChapterEntry(number: number, name: String(match.output.2), title: title)
        }
        .sorted { $0.number < $1.number }
    }

    /// The words after `·` on a page's first line, `# Chapter 1 · Cold publishers: …`.
    private func pageTitle(_ page: URL) -> String? {
        guard let text = try? String(contentsOf: page, encoding: .utf8),
            let heading = text.split(separator: "\n", maxSplits: 1).first, heading.hasPrefix("# "),
            let dot = heading.firstIndex(of: "·")
        else { return nil }
        return heading[heading.index(after: dot)...].trimmingCharacters(in: .whitespaces)
    }
}
