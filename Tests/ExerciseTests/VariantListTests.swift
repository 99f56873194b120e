import Foundation
import TestSupport
import Testing

/// Every answer variant written is proved: a function an exercise's variant folder declares is
/// named again somewhere in that folder, which for a variant is its exercise's list
/// (`NameVariants.swift`). A variant written and not listed (step 2 of CONTRIBUTING's "Adding an
/// answer variant") compiles silently and proves nothing; this fails, naming it.
@Suite("Answer variants: every one written is listed")
struct VariantListTests {
    @Test(arguments: try variantFolders())
    func everyFunctionOfTheFolderIsUsed(folder: String) throws {
        let folderURL = packageRoot.appending(path: "Sources/AnswerVariants/\(folder)")
        let files = try FileManager.default.contentsOfDirectory(
            at: folderURL, includingPropertiesForKeys: nil
        )
        .filter { $0.pathExtension == "swift" }
        let sources = try Dictionary(
            uniqueKeysWithValues: files.map {
                ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8))
            })
        #expect(unusedFunctions(in: sources) == [])
    }

    /// The check itself, on a folder with one variant listed and one forgotten.
    @Test func aVariantNotInTheListIsReported() {
        let sources = [
            "ShareVariants.swift": "let shareVariants = [.wrong(1, \"…\", ShareCode { listed() })]",
            "Listed.swift": "@Sendable func listed() -> Int { 1 }",
            "Forgotten.swift": "@Sendable func forgotten() -> Int { 2 }",
        ]
        #expect(unusedFunctions(in: sources) == ["forgotten (Forgotten.swift)"])
    }

    private static func variantFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appending(path: "Sources/AnswerVariants").path
        )
        .filter { $0.first?.isNumber == true }.sorted()
    }
}

/// The top-level functions declared in `sources` (file name to text) that no file names again (a
/// type's methods, indented, are left to the compiler).
func unusedFunctions(in sources: [String: String]) -> [String] {
    let words = sources.values.flatMap { $0.split { !($0.isLetter || $0.isNumber || $0 == "_") } }
    let uses = Dictionary(words.map { ($0, 1) }, uniquingKeysWith: +)
    return sources.sorted { $0.key < $1.key }.flatMap { file, text in
        text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.compactMap { line -> String? in
            let words = line.split(separator: " ").drop {
                $0.hasPrefix("@") || ["private", "nonisolated"].contains($0)
            }
            guard words.first == "func",
                let name = words.dropFirst().first?.prefix(while: { $0 != "(" && $0 != "<" }),
                uses[name, default: 0] < 2
            else { return nil }
            return "\(name) (\(file))"
        }
    }
}
