import Foundation

extension Timeline {
    /// Draws the timeline and writes the SVG to `path`, creating the folder if needed.
    public func writeSVG(toPath path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(svg.utf8).write(to: url, options: .atomic)
    }

    /// The stable sequence a picture was drawn from, read back from its `<metadata>`; nil when the
    /// text is not such a picture.
    public static func stableSequence(inSVG svg: String) -> String? {
        guard let open = svg.range(of: #"<metadata id="stable-sequence">"#),
            let close = svg.range(of: "</metadata>", range: open.upperBound..<svg.endIndex)
        else { return nil }
        let embedded = svg[open.upperBound..<close.lowerBound].trimmingCharacters(in: .newlines)
        return TimelineXML.unescaped(embedded)
    }
}

/// The few XML escapes the picture's text needs, both ways.
enum TimelineXML {
    private static let entities = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;")]

    static func escaped(_ text: String) -> String {
        entities.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    static func unescaped(_ text: String) -> String {
        entities.reversed().reduce(text) { $0.replacingOccurrences(of: $1.1, with: $1.0) }
    }
}
