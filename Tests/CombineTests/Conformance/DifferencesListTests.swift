import Foundation
import Testing

/// `docs/combine-differences.md` lists every known difference from Apple's Combine, and the tests of
/// OpenCombine's compatibility suite that the conformance harness does not build here. The harness
/// lives beside the checkout, in `../shared/tools/conformance`, and its `opencombine/exclusions.tsv`
/// says what it leaves out. Each exclusion must be named in the list, so that none appears unexplained.
///
/// A checkout without `../shared` (a plain clone) has no exclusions to read: there the check is
/// skipped, with that reason in the test report.
@Suite struct DifferencesListTests {
    /// One line of `exclusions.tsv`: a file, a test method or a declaration left out.
    struct Exclusion: Equatable, CustomStringConvertible {
        let path: String
        let kind: String
        let name: String

        /// What the list must show as code to name it: the file, and the test or declaration unless the
        /// whole file is left out (a declaration's pattern without its leading `^`).
        var mentions: [String] {
            let names = kind == "file" ? [] : [name.hasPrefix("^") ? String(name.dropFirst()) : name]
            return ([path] + names).map { "`\($0)`" }
        }

        var description: String { "\(kind) \(path) \(name)" }
    }

    struct MalformedExclusion: Error, Equatable {
        let line: String
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let list = repository.appending(path: "docs/combine-differences.md")
    static let exclusions = repository.deletingLastPathComponent()
        .appending(path: "shared/tools/conformance/opencombine/exclusions.tsv")

    /// The exclusions in `text`: tab-separated path, kind, name and reason; `#` starts a comment. A line
    /// without its four fields is an error, since it would otherwise go unchecked.
    static func parse(_ text: String) throws -> [Exclusion] {
        try text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }
            .map { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 4, fields.allSatisfy({ !$0.isEmpty }) else {
                    throw MalformedExclusion(line: String(line))
                }
                return Exclusion(path: fields[0], kind: fields[1], name: fields[2])
            }
    }

    /// The exclusions `list` does not name.
    static func unmentioned(_ exclusions: [Exclusion], in list: String) -> [Exclusion] {
        exclusions.filter { exclusion in !exclusion.mentions.allSatisfy { list.contains($0) } }
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: exclusions.path),
            "the conformance harness is not beside this checkout (../shared), so there are no exclusions to read"
        ))
    func everyConformanceExclusionIsNamedInTheList() throws {
        let exclusions = try Self.parse(String(contentsOf: Self.exclusions, encoding: .utf8))
        let list = try String(contentsOf: Self.list, encoding: .utf8)

        #expect(!exclusions.isEmpty)
        #expect(Self.unmentioned(exclusions, in: list) == [])
    }

    @Test func anExclusionTheListDoesNotNameIsReported() throws {
        let exclusions = try Self.parse(
            """
            # path\tkind\tname\treason
            Helpers/Tracking.swift\tfile\t-\tcompile: needs an SPI
            AnyTests.swift\tfunc\ttestErasing\tcompile: uses the helper
            AnyTests.swift\tfunc\ttestErasingTwice\tcompile: uses the helper
            AnyTests.swift\tdecl\t^extension Event: Equatable\tharness: extends an excluded type

            """)
        let list = "`Helpers/Tracking.swift` is left out; so are `testErasingTwice` and `testErasing`."

        #expect(
            Self.unmentioned(exclusions, in: list) == [
                Exclusion(path: "AnyTests.swift", kind: "func", name: "testErasing"),
                Exclusion(path: "AnyTests.swift", kind: "func", name: "testErasingTwice"),
                Exclusion(path: "AnyTests.swift", kind: "decl", name: "^extension Event: Equatable"),
            ])
        let named = list + " Of `AnyTests.swift`, `extension Event: Equatable`."
        #expect(Self.unmentioned(exclusions, in: named) == [])
        // A name inside a longer one does not count: `testErasing` is not named by `testErasingTwice`.
        let onlyTheLonger = named.replacingOccurrences(of: "and `testErasing`", with: "")
        #expect(
            Self.unmentioned(exclusions, in: onlyTheLonger) == [
                Exclusion(path: "AnyTests.swift", kind: "func", name: "testErasing")
            ])
    }

    @Test func anExclusionLineWithoutItsFourFieldsIsAnError() {
        #expect(throws: MalformedExclusion(line: "AnyTests.swift\tfunc testErasing")) {
            try Self.parse("AnyTests.swift\tfunc testErasing\n")
        }
    }
}
