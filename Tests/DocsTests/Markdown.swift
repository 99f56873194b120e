import Foundation

/// A Markdown page read just far enough for the checks: its fenced code blocks, the marker comment
/// on the line before each, and its links.
struct MarkdownPage {
    /// A fenced code block and what the line before it says it is.
    struct Block {
        /// The word after the opening fence, such as `swift` or `text`; empty when there is none.
        let language: String
        /// The 1-based line of the opening fence.
        let line: Int
        let content: [String]
        /// The `<!-- kind: argument -->` comment on the line right before the fence, if any.
        let marker: Marker?
    }

    /// `<!-- excerpt: path#region -->` or `<!-- output: Executable -->`.
    struct Marker {
        let kind: String
        let argument: String
        let line: Int
    }

    /// `[text](target)`; `isImage` for `![text](target)`.
    struct Link {
        let text: String
        let target: String
        let isImage: Bool
        let line: Int
    }

    /// The path relative to the repository root, as problems name it.
    let path: String
    let lines: [String]
    private(set) var blocks: [Block] = []
    /// Markers that are not followed by a code block.
    private(set) var strayMarkers: [Marker] = []
    private(set) var links: [Link] = []

    init(path: String, text: String) {
        self.path = path
        lines = text.components(separatedBy: "\n")
        readBlocks()
        readLinks()
    }

    /// The lines outside code blocks, with their 1-based numbers.
    var prose: [(line: Int, text: String)] {
        let inside = Set(blocks.flatMap { block in block.line...(block.line + block.content.count + 1) })
        return lines.enumerated().map { ($0.offset + 1, $0.element) }.filter { !inside.contains($0.line) }
    }

    private mutating func readBlocks() {
        var index = 0
        var pendingMarker: Marker?
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if let fence = Self.fence(opening: trimmed) {
                let start = index
                index += 1
                var content: [String] = []
                while index < lines.count, !Self.closes(lines[index], fence: fence.marks) {
                    content.append(lines[index])
                    index += 1
                }
                blocks.append(
                    Block(language: fence.language, line: start + 1, content: content, marker: pendingMarker))
                pendingMarker = nil
            } else {
                if let marker = pendingMarker { strayMarkers.append(marker) }
                pendingMarker = Self.marker(in: trimmed, line: index + 1)
            }
            index += 1
        }
        if let marker = pendingMarker { strayMarkers.append(marker) }
    }

    private static func fence(opening line: String) -> (marks: String, language: String)? {
        guard let first = line.first, first == "`" || first == "~" else { return nil }
        let marks = String(line.prefix { $0 == first })
        guard marks.count >= 3 else { return nil }
        let info = line.dropFirst(marks.count).trimmingCharacters(in: .whitespaces)
        return (marks, String(info.prefix { !$0.isWhitespace }).lowercased())
    }

    private static func closes(_ line: String, fence marks: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix(marks) && trimmed.allSatisfy { $0 == marks.first }
    }

    private static func marker(in line: String, line number: Int) -> Marker? {
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return nil }
        let inner = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        guard let colon = inner.firstIndex(of: ":") else { return nil }
        let kind = inner[..<colon].trimmingCharacters(in: .whitespaces)
        guard kind == "excerpt" || kind == "output" else { return nil }
        let argument = inner[inner.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return Marker(kind: kind, argument: argument, line: number)
    }

    private mutating func readLinks() {
        let pattern = /(!?)\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/
        for (line, text) in prose {
            for match in text.matches(of: pattern) {
                links.append(
                    Link(
                        text: String(match.output.2), target: String(match.output.3),
                        isImage: !match.output.1.isEmpty, line: line))
            }
        }
    }
}
