import Foundation

// Makes the site's DocC catalog from the Markdown pages under docs/, as `scripts/build-site` runs it:
//
//   SiteCatalog --docs docs --catalog OUT/Workbook.docc --files OUT/files \
//       --hosting-base-path /name \
//       [--source-url https://github.com/owner/name/blob/main] [--tutorials Tutorials]
//
// The pages stay the one place their words live; this only rewrites what DocC reads differently.

let usage = """
    usage: SiteCatalog --docs DIR --catalog DIR --files DIR --hosting-base-path PATH \
    [--source-url URL] [--tutorials DIR]
    """

do {
    let options = try Options(CommandLine.arguments.dropFirst())
    let catalog = try Catalog(
        docs: options.folder("docs"),
        links: LinkSettings(
            sourceURL: options.values["source-url"], hostingBasePath: options.value("hosting-base-path")))
    try catalog.write(
        catalog: options.folder("catalog"), files: options.folder("files"),
        tutorials: options.values["tutorials"].map { URL(filePath: $0) })
    print("wrote \(catalog.pages.count) articles to \(try options.value("catalog"))")
} catch {
    FileHandle.standardError.write(Data("SiteCatalog: \(error)\n\(usage)\n".utf8))
    exit(2)
}

/// The command line's `--name value` pairs.
struct Options {
    var values: [String: String] = [:]

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments
        while let name = rest.popFirst() {
            guard name.hasPrefix("--"), let value = rest.popFirst() else {
                throw ConversionError("expected --name value, got \(name)")
            }
            values[String(name.dropFirst(2))] = value
        }
    }

    func value(_ name: String) throws -> String {
        guard let value = values[name] else { throw ConversionError("--\(name) is missing") }
        return value
    }

    func folder(_ name: String) throws -> URL { URL(filePath: try value(name)) }
}
