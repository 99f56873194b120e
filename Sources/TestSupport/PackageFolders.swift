import Foundation

/// The package's root folder, the one holding `Package.swift`: three levels above this file
/// (`Sources/TestSupport/PackageFolders.swift`). The tests read the repository from here.
public let packageRoot = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The chapters' names in chapter order, read from their `Chapters/NN-Name` folders, as the scripts
/// read them. A test that runs each chapter's executable proves `Package.swift` builds them all.
public var chapterNames: [String] {
    let folders =
        (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appending(path: "Chapters").path))
        ?? []
    return folders.sorted().compactMap { folder in
        folder.wholeMatch(of: /\d\d-([A-Za-z][A-Za-z0-9]*)/).map { String($0.output.1) }
    }
}

/// A new empty folder in the temporary directory, named `prefix` and a UUID, handed to `body` and
/// removed with everything in it when `body` returns or throws.
public func inTemporaryFolder<Result>(_ prefix: String, _ body: (URL) throws -> Result) throws -> Result {
    let folder = try newTemporaryFolder(prefix)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// `inTemporaryFolder(_:_:)` for a `body` that waits.
public func inTemporaryFolder<Result>(
    _ prefix: String, _ body: (URL) async throws -> Result
) async throws -> Result {
    let folder = try newTemporaryFolder(prefix)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

private func newTemporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
