import ChildProcesses
import Foundation
import TestSupport

/// A site built by `scripts/build-site` from a `docs/` folder, with the products this test run was
/// built with (the `SiteCatalog` executable, `TypedClient`'s module): what the site tests read.
struct SiteConversion: Sendable {
    /// The path the site is built for, as a host would serve it: `/workbook/documentation/…`.
    static let basePath = "workbook"

    /// The folder served as the host's root; the site is its `workbook` folder.
    let root: URL
    var site: URL { root.appending(path: Self.basePath) }

    /// The repository's own pages, built once for every test that needs them, in `.build/site-tests`.
    static let repository = Task {
        try await convert(
            docs: packageRoot.appending(path: "docs"), tutorials: packageRoot.appending(path: "Tutorials"),
            into: packageRoot.appending(path: ".build/site-tests"))
    }

    /// Builds the site of `docs` and `tutorials` (none when nil) into `folder`.
    static func convert(docs: URL, tutorials: URL? = nil, into folder: URL) async throws -> SiteConversion {
        let run = try await runChildProcess(
            packageRoot.appending(path: "scripts/build-site"),
            arguments: [
                "--docs", docs.path, "--tutorials", tutorials?.path ?? "", "--output", folder.path,
                "--products",
                builtExecutable(named: "SiteCatalog").deletingLastPathComponent().path,
                "--hosting-base-path", basePath,
            ],
            environment: ProcessInfo.processInfo.environment.merging([
                "SITE_SOURCE_URL": "https://example.com/blob/main"
            ]) {
                $1
            },
            deadline: .seconds(300))
        guard run.ending == .exited(0) else {
            throw ChildProcessError(
                description: "build-site ended with \(run.ending):\n\(run.output)\(run.errors)")
        }
        return SiteConversion(root: folder.appending(path: "www"))
    }

    /// The render JSON DocC wrote for the article named `article` (`Workbook` is the root).
    func renderJSON(of article: String) throws -> [String: Any] {
        let path =
            article == "Workbook"
            ? "data/documentation/workbook.json" : "data/documentation/workbook/\(article.lowercased()).json"
        let data = try Data(contentsOf: site.appending(path: path))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ChildProcessError(description: "\(path) is not a JSON object")
        }
        return json
    }
}
