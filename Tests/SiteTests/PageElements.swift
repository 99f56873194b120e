import Foundation

/// What a reader sees of a page, counted where it can be lost on the way to the site: its headings
/// (by text), pictures, links, tables and code blocks.
struct PageElements: Equatable, CustomStringConvertible {
    var headings: [String] = []
    var pictures = 0
    var links = 0
    var tables = 0
    var codeBlocks = 0

    /// A heading as both sides can be compared: without code marks, with DocC's curly apostrophe
    /// written straight.
    static func comparable(_ heading: String) -> String {
        heading.filter { $0 != "`" }.replacing("’", with: "'")
    }

    var description: String {
        "\(headings.count) headings, \(pictures) pictures, \(links) links, \(tables) tables,"
            + " \(codeBlocks) code blocks"
    }

    /// What `other` lacks of these, in words, one line each; empty when it keeps everything.
    func dropped(in other: PageElements) -> [String] {
        let kept = other.headings.map(Self.comparable)
        var lost = headings.filter { !kept.contains(Self.comparable($0)) }.map { "the heading \"\($0)\"" }
        for (name, mine, theirs) in [
            ("picture", pictures, other.pictures), ("link", links, other.links),
            ("table", tables, other.tables),
            ("code block", codeBlocks, other.codeBlocks),
        ] where theirs != mine {
            lost.append("\(mine) \(name)s on the page, \(theirs) on the site")
        }
        return lost
    }
}

extension PageElements {
    /// A Markdown page's elements, as GitHub shows them: Markdown's and HTML's alike, outside code
    /// blocks, comments left out.
    init(markdown: String) {
        var inCode = false
        var prose = ""
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingPrefix(while: { $0 == " " }).hasPrefix("```") {
                if !inCode { codeBlocks += 1 }
                inCode.toggle()
            } else if !inCode {
                prose += line + "\n"
            }
        }
        prose = prose.replacing(/^[ \t]*<!--[\s\S]*?-->[ \t]*$/.anchorsMatchLineEndings(), with: "")
        for line in prose.split(separator: "\n") {
            if let heading = line.wholeMatch(of: /#{1,6}\s+(.+?)\s*/) {
                headings.append(String(heading.output.1))
            }
            if line.wholeMatch(of: /\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*/) != nil { tables += 1 }
        }
        let withoutCodeSpans = prose.replacing(/`[^`\n]*`/, with: "")
        for match in withoutCodeSpans.matches(of: /(!?)\[(?:[^\[\]]|\[[^\[\]]*\])*\]\([^()\s]+\)/) {
            if match.output.1.isEmpty { links += 1 } else { pictures += 1 }
        }
        pictures += withoutCodeSpans.matches(of: /<img\s/).count
        links += withoutCodeSpans.matches(of: /<a\s+href/).count
        tables += withoutCodeSpans.matches(of: /<table[\s>]/).count
    }

    /// The elements DocC rendered of an article: its title and the headings, images, references,
    /// tables and code listings in its abstract and content. The "Overview" heading DocC adds
    /// itself is not counted unless the page has one.
    init(renderJSON json: [String: Any], page: PageElements) {
        if let title = (json["metadata"] as? [String: Any])?["title"] as? String { headings.append(title) }
        for node in [json["abstract"] as Any, json["primaryContentSections"] as Any] { count(node) }
        if !page.headings.contains("Overview"), let index = headings.firstIndex(of: "Overview") {
            headings.remove(at: index)
        }
    }

    private mutating func count(_ node: Any) {
        if let list = node as? [Any] {
            list.forEach { count($0) }
            return
        }
        guard let object = node as? [String: Any] else { return }
        switch object["type"] as? String {
        case "heading": headings.append(object["text"] as? String ?? "")
        case "image": pictures += 1
        case "reference": links += 1
        case "table": tables += 1
        case "codeListing": codeBlocks += 1
        default: break
        }
        object.values.forEach { count($0) }
    }
}
