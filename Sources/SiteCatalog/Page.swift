import Foundation

/// One Markdown page of `docs/`, as the site converts it: where it lives, the name its article
/// takes, and its headings, which links into it name by their GitHub anchor.
struct Page {
    /// The page's path under `docs/`, such as `01-cold-publishers.md` or `guides/setup.md`.
    let path: String
    let text: String

    /// The article's name in the catalog: the path without `.md`, its folders joined by `-`, so
    /// that a page in a subfolder gets a name of its own. The roadmap, `README.md`, is the root.
    var articleName: String {
        path == "README.md" ? Catalog.rootName : String(path.dropLast(".md".count)).replacing("/", with: "-")
    }

    /// The headings outside code blocks, as written (`## The rule` gives `The rule`).
    var headings: [String] {
        MarkdownBlocks(text).prose.flatMap { prose in
            prose.split(separator: "\n").compactMap { line in
                line.wholeMatch(of: /#{1,6}\s+(.+?)\s*#*\s*/).map { String($0.output.1) }
            }
        }
    }

    /// The heading that `anchor` names by GitHub's rule (`the-same-rule-in-asyncawait` names
    /// `The same rule in async/await`), or nil when none does.
    func heading(forGitHubAnchor anchor: String) -> String? {
        headings.first { Self.gitHubAnchor(of: $0) == anchor.lowercased() }
    }

    /// GitHub's anchor of a heading: its plain text lowercased, punctuation but `-` and `_` removed,
    /// spaces made `-`.
    static func gitHubAnchor(of heading: String) -> String {
        String(
            plainText(heading).lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" {
                    return Character(scalar)
                }
                return nil
            })
    }

    /// DocC's anchor of a heading: its plain text with each run of spaces made `-`.
    static func docCAnchor(of heading: String) -> String {
        plainText(heading).split(whereSeparator: \.isWhitespace).joined(separator: "-")
    }

    /// A heading's text without Markdown's inline marks (code spans, emphasis).
    static func plainText(_ heading: String) -> String {
        heading.filter { !"`*".contains($0) }
    }
}
