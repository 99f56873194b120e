import Foundation
import Testing

/// Chapter 8's side-by-side table gives each way's lines of code; they are counted here from the
/// excerpts the page quotes, so an edit to the code cannot leave the table behind.
@Suite struct ThreeWaysTableTests {
    @Test func theLinesOfCodeRowCountsTheQuotedCode() throws {
        let repository = DocsRepository.current
        let sourcePath = "Chapters/08-ThreeWays/ImageDownloads.swift"
        let source = try #require(repository.text(at: sourcePath))
        let excerpts = SourceExcerpts(path: sourcePath, text: source)
        let counts = try ["completion-handler", "combine", "async-await"].map { name in
            let lines = try #require(excerpts.regions[name], "no excerpt \(name) in \(sourcePath)")
            return lines.filter { line in
                let code = line.trimmingCharacters(in: .whitespaces)
                return !code.isEmpty && !code.hasPrefix("//")
            }.count
        }
        let page = try #require(repository.text(at: "docs/08-three-ways.md"))
        let row = try #require(
            page.split(separator: "\n").first { $0.hasPrefix("| Lines of code") },
            "the page's table has no lines-of-code row")
        let cells = row.split(separator: "|").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        let stated = cells.map { cell in Int(cell.prefix { $0.isNumber }) }
        #expect(stated == counts, "\(row)")
    }
}
