import Foundation

/// The DocC catalog made from `docs/`: every page an article, the roadmap the root, every picture
/// a page shows a resource, and every other file a page links to kept for the site beside it.
struct Catalog {
    /// The root article's name, and so the site's path: `documentation/workbook`.
    static let rootName = "Workbook"

    let docs: URL
    let pages: [String: Page]
    let links: LinkRewriter

    /// Reads every Markdown page under `docs`, subfolders included.
    init(docs: URL, links: LinkSettings) throws {
        self.docs = docs
        var pages: [String: Page] = [:]
        let walker = FileManager.default.enumerator(atPath: docs.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".md") else { continue }
            pages[path] = Page(
                path: path, text: try String(contentsOf: docs.appending(path: path), encoding: .utf8))
        }
        guard pages["README.md"] != nil else {
            throw ConversionError("\(docs.path) has no README.md, the roadmap")
        }
        self.pages = pages
        self.links = LinkRewriter(docs: docs, pages: pages, settings: links)
    }

    /// The chapters' pages (`NN-name.md` at the top of `docs/`) in their order, then the others.
    var orderedPaths: (chapters: [String], others: [String]) {
        let paths = pages.keys.filter { $0 != "README.md" }.sorted()
        let chapters = paths.filter { $0.wholeMatch(of: /\d\d-[^\/]+\.md/) != nil }
        return (chapters, paths.filter { !chapters.contains($0) })
    }

    /// Writes the catalog to `catalog` (articles and pictures) and the linked files to `files`.
    func write(catalog: URL, files: URL, tutorials: URL?) throws {
        let manager = FileManager.default
        for folder in [catalog, files] {
            try? manager.removeItem(at: folder)
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        var used = LinkRewriter.UsedFiles()
        for page in pages.values {
            var article = try links.rewrite(page, used: &used)
            article = Self.withDirectives(article, root: page.path == "README.md")
            if page.path == "README.md" { article += rootTopics(hasTutorials: tutorials != nil) }
            try article.write(
                to: catalog.appending(path: page.articleName + ".md"), atomically: true, encoding: .utf8)
        }
        // The site's name in each page's title; the renderer asks for this file on every page.
        try #"{"meta": {"title": "Combine networking, measured"}}"#.write(
            to: catalog.appending(path: "theme-settings.json"), atomically: true, encoding: .utf8)
        let resources = catalog.appending(path: "Resources")
        try manager.createDirectory(at: resources, withIntermediateDirectories: true)
        for path in used.pictures {
            try manager.copyItem(
                at: docs.appending(path: path), to: resources.appending(path: LinkRewriter.resourceName(path))
            )
        }
        let repository = docs.deletingLastPathComponent()
        let copies =
            used.linked.map { (docs.appending(path: $0), files.appending(path: $0)) }
            + used.repository.map {
                (repository.appending(path: $0), files.appending(path: "repository/" + $0))
            }
        for (source, destination) in copies {
            guard manager.fileExists(atPath: source.path) else {
                throw ConversionError("a page links to \(source.path), which does not exist")
            }
            try manager.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: source, to: destination)
        }
        if let tutorials {
            try copyTutorials(from: tutorials, to: catalog, resources: resources)
        }
    }

    /// Copies the tutorials (`.tutorial` files) into the catalog and their steps' code (the Swift
    /// files the package builds, which `scripts/build-site` puts beside them) among its resources,
    /// where `@Code` finds them by name.
    private func copyTutorials(from tutorials: URL, to catalog: URL, resources: URL) throws {
        let walker = FileManager.default.enumerator(atPath: tutorials.path)
        while let path = walker?.nextObject() as? String {
            let file = tutorials.appending(path: path)
            let name = file.lastPathComponent
            if path.hasSuffix(".tutorial") {
                try FileManager.default.copyItem(at: file, to: catalog.appending(path: name))
            } else if path.hasSuffix(".swift") {
                try FileManager.default.copyItem(at: file, to: resources.appending(path: name))
            }
        }
    }

    /// The article with its title in plain text, which is how DocC's navigator shows it (it would
    /// show a code span's backticks), and DocC's directives after it: the root is the technology root.
    static func withDirectives(_ article: String, root: Bool) -> String {
        guard let end = article.firstIndex(of: "\n") else { return article }
        let title = article[..<end].filter { $0 != "`" }
        return title + (root ? "\n\n@Metadata {\n    @TechnologyRoot\n}\n" : "") + article[end...]
    }

    /// The root's Topics: the chapters in order, the tutorials, then every other page.
    func rootTopics(hasTutorials: Bool) -> String {
        let (chapters, others) = orderedPaths
        let list = { (paths: [String]) in
            paths.map { "- <doc:\(pages[$0]!.articleName)>" }.joined(separator: "\n")
        }
        var topics = "\n\n## Topics\n\n### Chapters\n\n" + list(chapters) + "\n"
        if hasTutorials { topics += "\n### Step by step\n\n- <doc:tutorials/StepByStep>\n" }
        if !others.isEmpty { topics += "\n### Teaching, and this Combine\n\n" + list(others) + "\n" }
        return topics
    }
}

/// A page the conversion cannot make an article of, in a sentence that names it.
struct ConversionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
