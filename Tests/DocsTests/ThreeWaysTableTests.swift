import Foundation
import Testing

/// Chapter 8's side-by-side table gives each way's lines of code, the function and its caller
/// together; they are counted here from the excerpts the page quotes, so an edit to the code cannot
/// leave the table behind.
@Suite struct ThreeWaysTableTests {
    /// Each way's two quoted regions: the function, in `ImageDownloads.swift`, and the screen's call
    /// site, in `ImageScreen.swift`.
    private let ways = [
        ["ImageDownloads.swift#completion-handler", "ImageScreen.swift#handler-call-site"],
        ["ImageDownloads.swift#combine", "ImageScreen.swift#combine-call-site"],
        ["ImageDownloads.swift#async-await", "ImageScreen.swift#async-call-site"],
    ]

    @Test func theLinesOfCodeRowCountsEachWayWithItsCaller() throws {
        let repository = DocsRepository.current
        let counts = try ways.map { regions in
            try regions.map { try codeLines(in: "Chapters/08-ThreeWays/" + $0, of: repository) }
        }
        let page = try #require(repository.text(at: "docs/08-three-ways.md"))
        let row = try #require(
            page.split(separator: "\n").first { $0.hasPrefix("| Lines of code") },
            "the page's table has no lines-of-code row")
        let cells = row.split(separator: "|").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        // Each cell reads "22 (17 + 5 at the call site) …": the whole, then the two parts.
        let stated = cells.map { cell in
            cell.split(whereSeparator: { !$0.isNumber }).prefix(3).compactMap { Int($0) }
        }
        #expect(stated == counts.map { [$0.reduce(0, +)] + $0 }, "\(row)")
    }

    /// The lines of `path#region` that are code: not blank, not a comment.
    private func codeLines(in quote: String, of repository: DocsRepository) throws -> Int {
        let parts = quote.split(separator: "#").map(String.init)
        let source = try #require(repository.text(at: parts[0]))
        let excerpts = SourceExcerpts(path: parts[0], text: source)
        let lines = try #require(excerpts.regions[parts[1]], "no excerpt \(parts[1]) in \(parts[0])")
        return lines.filter { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return !code.isEmpty && !code.hasPrefix("//")
        }.count
    }
}
