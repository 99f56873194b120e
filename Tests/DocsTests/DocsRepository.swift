import Foundation
import Locking
import TestSupport

/// The parts of a repository the docs checks look at: the chapter folders, the executables, and
/// the Markdown pages under `docs/`. Every check takes one, so the tests can point it at the real
/// repository or at a small fixture tree.
struct DocsRepository {
    /// A `Chapters/NN-Name` folder: chapter NN, run as `swift run Name`.
    struct Chapter: Equatable {
        let number: Int
        let name: String
        let folder: String
        /// The prefix its page's file name starts with, such as `01-`.
        var pagePrefix: String { String(format: "%02d-", number) }
    }

    let root: URL
    /// The pages, read and parsed once for this tree: the trees the checks read do not change
    /// while they are read, and most of the docs tests look at every page.
    private let readPages = Locked<[MarkdownPage]?>(nil)

    init(root: URL) {
        self.root = root
    }

    /// The repository this test file belongs to.
    static let current = DocsRepository(root: packageRoot)

    /// The chapter folders, in chapter order.
    var chapters: [Chapter] {
        directories(in: "Chapters").compactMap { folder in
            guard let match = folder.wholeMatch(of: /(\d{2})-([A-Za-z][A-Za-z0-9]*)/) else { return nil }
            return Chapter(
                number: Int(match.output.1)!, name: String(match.output.2), folder: "Chapters/\(folder)")
        }
        .sorted { $0.number < $1.number }
    }

    /// Every executable `swift run` can start: the chapters, the `Sources` targets with a `main.swift`,
    /// and the executable products `Package.swift` names (`workbook`, whose target has another name).
    var executables: Set<String> {
        let tools = directories(in: "Sources").filter { exists("Sources/\($0)/main.swift") }
        let products = (text(at: "Package.swift") ?? "").matches(of: /\.executable\(name: "([^"]+)"/).map {
            String($0.output.1)
        }
        return Set(chapters.map(\.name) + tools + products)
    }

    /// Every Markdown page under `docs/`, by path relative to the root, in path order.
    var pages: [MarkdownPage] {
        readPages.withLock { pages in
            let read = pages ?? readAllPages()
            pages = read
            return read
        }
    }

    private func readAllPages() -> [MarkdownPage] {
        guard let walker = FileManager.default.enumerator(atPath: root.appending(path: "docs").path) else {
            return []
        }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted().compactMap {
            relative in
            let path = "docs/\(relative)"
            return text(at: path).map { MarkdownPage(path: path, text: $0) }
        }
    }

    /// The chapter pages, `docs/NN-name.md`, keyed by chapter number.
    var chapterPages: [Int: [MarkdownPage]] {
        Dictionary(grouping: pages.filter { $0.path.wholeMatch(of: /docs\/\d{2}-[^\/]+\.md/) != nil }) {
            page in
            Int(page.path.dropFirst("docs/".count).prefix(2))!
        }
    }

    /// The text of a file, by path relative to the root; nil when it cannot be read.
    func text(at path: String) -> String? {
        try? String(contentsOf: root.appending(path: path), encoding: .utf8)
    }

    /// The names of the files in the folder at `path`, sorted; none when there is no such folder.
    func files(in path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: path).path)) ?? [])
            .sorted()
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appending(path: path).path)
    }

    private func directories(in path: String) -> [String] {
        let url = root.appending(path: path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: url.appending(path: name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        .sorted()
    }
}
