import Foundation
import TestSupport
import Testing

@testable import SiteCatalog

/// The site is made from the pages at build time; these tests hold the conversion to keeping
/// everything a reader sees of a page.
@Suite struct ConversionTests {
    @Test func everyPageKeepsItsHeadingsPicturesLinksTablesAndCodeOnTheSite() async throws {
        let docs = packageRoot.appending(path: "docs")
        let problems = try droppedElements(docs: docs, site: try await SiteConversion.repository.value)
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    @Test func aPictureTheConversionLosesIsReported() async throws {
        let problems = try await inTemporaryFolder("site") { folder in
            let docs = folder.appending(path: "docs")
            try write(
                [
                    "README.md": "# Roadmap\n\nThe chapters.\n\n[One](01-one.md)\n",
                    // DocC drops HTML, so the picture GitHub shows here never reaches the site.
                    "01-one.md": "# Chapter 1 · One\n\n[Roadmap](README.md)\n\n## The rule\n\n"
                        + "<img src=\"images/one.svg\" alt=\"one\">\n",
                    "images/one.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
                ], in: docs)
            let site = try await SiteConversion.convert(docs: docs, into: folder.appending(path: "site"))
            return try droppedElements(docs: docs, site: site)
        }
        #expect(problems == ["01-one.md loses: 1 pictures on the page, 0 on the site"])
    }

    /// What the site drops of each page under `docs`, one line a page that loses something.
    private func droppedElements(docs: URL, site: SiteConversion) throws -> [String] {
        let paths = (FileManager.default.enumerator(atPath: docs.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".md") }.sorted()
        #expect(paths.contains("README.md"))
        return try paths.compactMap { path in
            let text = try String(contentsOf: docs.appending(path: path), encoding: .utf8)
            let page = PageElements(markdown: text)
            let rendered = PageElements(
                renderJSON: try site.renderJSON(of: Page(path: path, text: text).articleName), page: page)
            let lost = page.dropped(in: rendered)
            return lost.isEmpty ? nil : "\(path) loses: " + lost.joined(separator: "; ")
        }
    }

    private func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let file = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }
}
