import Testing

@Suite struct ExcerptTests {
    @Test func everySwiftBlockInTheDocsQuotesItsSourceExactly() throws {
        let repository = DocsRepository.current
        let problems = excerptProblems(in: repository)
        #expect(problems.isEmpty, "\n\(problems.report)")
        let excerpts = repository.pages.flatMap(\.blocks).filter { $0.marker?.kind == "excerpt" }
        #expect(!excerpts.isEmpty, "the docs quote no source at all")
    }

    @Test func excerptsThatMatchPassIncludingNestedRegionsAndIndentation() throws {
        let fixture = try Fixture.twoChapters()
        #expect(excerptProblems(in: fixture.repository) == [])
    }

    @Test func aChangedLineIsReportedWithTheDocLineAndTheSourceRegion() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/02-beta.md":
                "<!-- excerpt: Chapters/01-Alpha/Rules.swift#greeting -->\n```swift\nlet greeting = \"hi\"\n```\n"
        ])
        let problems = excerptProblems(in: fixture.repository)
        #expect(
            problems.map(\.description) == [
                "docs/02-beta.md:3: excerpt differs from Chapters/01-Alpha/Rules.swift#greeting at its line 1: "
                    + "the doc has `let greeting = \"hi\"`, the source has `let greeting = \"hello\"`"
            ])
    }

    @Test func aSourceEditThatTheDocMissesIsReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "Chapters/01-Alpha/Rules.swift":
                "// excerpt: first-rule\nfunc hello() {}\n// end excerpt\n// excerpt: greeting\nlet greeting = \"hello\"\n// end excerpt\n"
        ])
        let problems = excerptProblems(in: fixture.repository)
        #expect(problems.count == 1)
        #expect(problems.first?.file == "docs/01-alpha.md")
        #expect(problems.first?.message.contains("the source has `func hello() {}`") == true)
    }

    @Test func aQuoteShorterThanItsRegionIsReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/02-beta.md":
                "<!-- excerpt: Chapters/01-Alpha/Rules.swift#first-rule -->\n```swift\n/// Says hello.\n```\n"
        ])
        let problems = excerptProblems(in: fixture.repository)
        #expect(
            problems.map(\.message) == [
                "excerpt differs from Chapters/01-Alpha/Rules.swift#first-rule at its line 2: the doc has the end of the text, "
                    + "the source has `func hello() -> String {`"
            ])
    }

    @Test func aMarkerNamingAMissingFileOrRegionIsReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/02-beta.md": """
            <!-- excerpt: Chapters/01-Alpha/Gone.swift#greeting -->
            ```swift
            let greeting = "hello"
            ```
            <!-- excerpt: Chapters/01-Alpha/Rules.swift#farewell -->
            ```swift
            let greeting = "hello"
            ```
            <!-- excerpt: Chapters/01-Alpha/Rules.swift -->
            ```swift
            ```
            """
        ])
        #expect(
            excerptProblems(in: fixture.repository).map(\.description) == [
                "docs/02-beta.md:1: excerpt quotes Chapters/01-Alpha/Gone.swift, which does not exist",
                "docs/02-beta.md:5: excerpt quotes region \"farewell\", which Chapters/01-Alpha/Rules.swift does not mark",
                "docs/02-beta.md:9: excerpt marker must read path/to/File.swift#region: Chapters/01-Alpha/Rules.swift",
            ])
    }

    @Test func aSwiftBlockWithoutAMarkerIsReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/02-beta.md": "Some code:\n\n```swift\nlet x = 1\n```\n"
        ])
        let problems = excerptProblems(in: fixture.repository)
        #expect(problems.map(\.file) == ["docs/02-beta.md"])
        #expect(problems.map(\.line) == [3])
        #expect(problems.first?.message.hasPrefix("Swift block has no excerpt marker") == true)
    }

    @Test func aMarkerThatIsNotRightBeforeABlockIsReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/02-beta.md":
                "<!-- excerpt: Chapters/01-Alpha/Rules.swift#greeting -->\n\n```swift\nlet greeting = \"hello\"\n```\n"
        ])
        #expect(
            excerptProblems(in: fixture.repository).map(\.description) == [
                "docs/02-beta.md:1: excerpt marker is not followed by a code block",
                "docs/02-beta.md:3: Swift block has no excerpt marker; put <!-- excerpt: path/to/File.swift#region --> on the line before it",
            ])
    }

    @Test func unpairedRegionMarkersInAQuotedSourceAreReported() throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "Chapters/01-Alpha/Rules.swift": """
            // excerpt: greeting
            let greeting = "hello"
            // end excerpt
            // end excerpt
            // excerpt: first-rule
            // excerpt: Not A Name
            """
        ])
        let sourceProblems = excerptProblems(in: fixture.repository).filter {
            $0.file.hasSuffix("Rules.swift")
        }
        #expect(
            sourceProblems.map(\.description) == [
                "Chapters/01-Alpha/Rules.swift:4: \"// end excerpt\" closes no excerpt",
                "Chapters/01-Alpha/Rules.swift:6: excerpt names are lowercase words and hyphens: // excerpt: Not A Name",
                "Chapters/01-Alpha/Rules.swift:5: excerpt \"first-rule\" has no \"// end excerpt\"",
            ])
    }
}
