import Foundation

/// Where links that leave the site go.
struct LinkSettings {
    /// The address of the repository's files (`https://github.com/owner/name/blob/main`), for links
    /// to files outside `docs/`, such as `../CONTRIBUTING.md`; without one (a clone with no remote,
    /// a class offline) such a file is kept beside the site instead, in `files/repository/`.
    let sourceURL: String?
    /// The site's path on its host, `/name`, under which the linked files are kept in `files/`.
    let hostingBasePath: String
}

/// Rewrites a page's links and pictures for DocC: a link to a page becomes a `doc:` link to its
/// article (its anchor mapped to DocC's), a picture a resource, a link to another file under
/// `docs/` a link to its copy beside the site, and a link out of `docs/` one to the repository.
struct LinkRewriter {
    let docs: URL
    let pages: [String: Page]
    let settings: LinkSettings

    /// The files under `docs/` the pages show as pictures and the other files they link to.
    struct UsedFiles {
        var pictures: Set<String> = []
        var linked: Set<String> = []
        /// Files outside `docs/`, by their path in the repository, when there is no `sourceURL`.
        var repository: Set<String> = []
    }

    /// `[text](destination)` or `![alt](destination)`; the text may hold code spans and brackets
    /// and run over lines.
    nonisolated(unsafe) static let link = /(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(([^()\s]+)\)/

    /// The page's text for DocC; `used` collects the files under `docs/` it shows or links to.
    func rewrite(_ page: Page, used: inout UsedFiles) throws -> String {
        var files = used
        let article = try MarkdownBlocks(page.text).joined { prose in
            // Comments alone on their lines (the docs tests' markers); one inside a code span is text.
            let withoutComments = prose.replacing(
                /^[ \t]*<!--[\s\S]*?-->[ \t]*$/.anchorsMatchLineEndings(), with: "")
            return try withoutComments.replacing(Self.link) { match in
                let (isPicture, text, destination) = (
                    match.output.1 == "!", match.output.2, String(match.output.3)
                )
                if isPicture {
                    let path = try existingFile(destination, on: page)
                    files.pictures.insert(path)
                    return "![\(text)](\(Self.resourceName(path)))"
                }
                return "[\(text)](\(try target(of: destination, in: page, files: &files)))"
            }
        }
        used = files
        return article
    }

    /// Where a link written as `destination` on `page` leads on the site.
    private func target(of destination: String, in page: Page, files: inout UsedFiles) throws -> String {
        if destination.contains("://") || destination.hasPrefix("mailto:") { return destination }
        let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0].isEmpty ? page.path : Self.resolve(String(parts[0]), from: page.path)
        let anchor = parts.count > 1 ? String(parts[1]) : nil
        let fragment = anchor.map { "#" + $0 } ?? ""
        guard let path else {
            let repositoryPath = Self.normalized("docs/" + Self.folder(of: page.path) + parts[0])
            guard let sourceURL = settings.sourceURL else {
                files.repository.insert(repositoryPath)
                return settings.hostingBasePath + "/files/repository/" + repositoryPath + fragment
            }
            return sourceURL + "/" + repositoryPath + fragment
        }
        guard let target = pages[path] else {
            files.linked.insert(try existingFile(String(parts[0]), on: page))
            return settings.hostingBasePath + "/files/" + path
        }
        var link = "doc:/documentation/\(Catalog.rootName)"
        if target.path != "README.md" { link += "/" + target.articleName }
        if let anchor {
            guard let heading = target.heading(forGitHubAnchor: anchor) else {
                throw ConversionError("\(page.path) links to \(destination), but \(path) has no such heading")
            }
            link += "#" + Page.docCAnchor(of: heading)
        }
        return "<\(link)>"
    }

    /// The path under `docs/` of the file `destination` on `page` names, which must exist there.
    private func existingFile(_ destination: String, on page: Page) throws -> String {
        guard let path = Self.resolve(destination, from: page.path),
            FileManager.default.fileExists(atPath: docs.appending(path: path).path)
        else { throw ConversionError("\(page.path) refers to \(destination), which is no file under docs/") }
        return path
    }

    /// The path under `docs/` that `destination`, written on the page at `page`, names; nil when it
    /// leads out of `docs/`.
    static func resolve(_ destination: String, from page: String) -> String? {
        let path = normalized(folder(of: page) + destination)
        return path.hasPrefix("../") ? nil : path
    }

    /// The folder part of a path under `docs/`, with its trailing `/` (empty at the top).
    static func folder(of path: String) -> String {
        path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : ""
    }

    /// `path` with its `.` and `..` components worked out.
    static func normalized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            if component == "." { continue }
            if component == "..", let last = components.last, last != ".." {
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    /// A picture's name among the catalog's resources, which DocC finds by file name alone: its
    /// path under `docs/` with `/` made `_`, so that two rules' pictures of the same name differ.
    static func resourceName(_ path: String) -> String {
        path.replacing("/", with: "_")
    }
}
