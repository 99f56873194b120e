import TestSupport
import Testing

@Suite struct OutputTests {
    @Test func everyOutputBlockInTheDocsIsWhatTheChapterPrintsNow() async throws {
        let repository = DocsRepository.current
        ChapterRuns.shared.startAll(repository.chapters.map(\.name))
        let problems = await outputProblems(in: repository) { try await ChapterRuns.shared.run($0).output }
        #expect(problems.isEmpty, "\n\(problems.report)")
        #expect(
            repository.pages.flatMap(\.blocks).contains { $0.marker?.kind == "output" },
            "the docs quote no output")
    }

    @Test func outputsThatMatchTheStablePartPass() async throws {
        let fixture = try Fixture.twoChapters()
        #expect(await outputProblems(in: fixture.repository) { Fixture.printed($0) } == [])
    }

    @Test func aChangedOutputLineIsReportedWithTheDocLineAndWhatTheProgramPrints() async throws {
        let fixture = try Fixture.twoChapters()
        let problems = await outputProblems(in: fixture.repository) { name in
            Fixture.printed(name).replacingOccurrences(of: "✓ says hello", with: "✗ says hello")
        }
        #expect(
            problems.map(\.description) == [
                "docs/01-alpha.md:19: output differs from what `swift run Alpha` prints at its line 3: "
                    + "the doc has `✓ says hello`, the program prints `✗ says hello`"
            ])
    }

    @Test func theTimingsAreLeftOutButAnExtraStableLineIsNot() async throws {
        let fixture = try Fixture.twoChapters()
        let problems = await outputProblems(in: fixture.repository) { name in
            name == "Beta" ? "Beta\nmore\n\ntimings on Linux:\n  whole run   9 ms" : Fixture.printed(name)
        }
        #expect(
            problems.map(\.description) == [
                "docs/02-beta.md:15: output differs from what `swift run Beta` prints at its line 2: "
                    + "the doc has the end of the text, the program prints `more`"
            ])
    }

    @Test func anOutputOfNoExecutableOrAFailedRunIsReported() async throws {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/README.md":
                "[Alpha](01-alpha.md) [Beta](02-beta.md)\n<!-- output: Gamma -->\n```text\nGamma\n```\n"
        ])
        struct Crashed: Error, CustomStringConvertible { var description: String { "it crashed" } }
        let problems = await outputProblems(in: fixture.repository) { name in
            if name == "Beta" { throw Crashed() }
            return Fixture.printed(name)
        }
        #expect(
            problems.map(\.description) == [
                "docs/02-beta.md:12: could not get the output of Beta: it crashed",
                "docs/README.md:2: output of Gamma, which is no executable",
            ])
    }

    @Test func aChapterPageWithoutItsOwnOutputIsReported() async throws {
        let fixture = try Fixture.twoChapters(replacing: ["docs/02-beta.md": "# Beta\n\n```text\nBeta\n```\n"]
        )
        #expect(
            await outputProblems(in: fixture.repository) { Fixture.printed($0) }.map(\.description) == [
                "docs/02-beta.md: shows no <!-- output: Beta --> block"
            ])
    }

    /// Beta's page with one output block per platform; on a Mac, Beta says so.
    private static func perPlatformBeta(_ blocks: [String]) throws -> Fixture {
        try Fixture.twoChapters(replacing: [
            "docs/02-beta.md": "# Beta\n\n" + blocks.joined(separator: "\n")
        ])
    }

    private static func printedOnAMac(_ name: String) -> String {
        Fixture.printed(name).replacingOccurrences(of: "Beta\n", with: "Beta on a Mac\n")
    }

    @Test func onlyTheBlockForThePlatformTheTestsRunOnIsCompared() async throws {
        let fixture = try Self.perPlatformBeta([
            "<!-- output: Beta (Linux) -->\n```text\nBeta\n```\n",
            "<!-- output: Beta (macOS) -->\n```text\nBeta on a Mac\n```\n",
        ])
        let repository = fixture.repository
        #expect(await outputProblems(in: repository, platform: "Linux") { Fixture.printed($0) } == [])
        #expect(await outputProblems(in: repository, platform: "macOS") { Self.printedOnAMac($0) } == [])
        #expect(
            await outputProblems(in: repository, platform: "macOS") { Fixture.printed($0) }.map(\.description)
                == [
                    "docs/02-beta.md:10: output differs from what `swift run Beta` prints at its line 1: "
                        + "the doc has `Beta on a Mac`, the program prints `Beta`"
                ])
        #expect(
            await outputProblems(in: repository, platform: "Linux") { Self.printedOnAMac($0) }.map(
                \.description) == [
                    "docs/02-beta.md:5: output differs from what `swift run Beta` prints at its line 1: "
                        + "the doc has `Beta`, the program prints `Beta on a Mac`"
                ])
    }

    @Test func perPlatformOutputsMustCoverEveryPlatformAndOnlyKnownOnes() async throws {
        let linuxOnly = try Self.perPlatformBeta(["<!-- output: Beta (Linux) -->\n```text\nBeta\n```\n"])
        #expect(
            await outputProblems(in: linuxOnly.repository, platform: "Linux") { Fixture.printed($0) }
                .map(\.description) == [
                    "docs/02-beta.md: shows the output of Beta per platform but not for macOS"
                ])

        let mixed = try Self.perPlatformBeta([
            "<!-- output: Beta -->\n```text\nBeta\n```\n",
            "<!-- output: Beta (Linux) -->\n```text\nBeta\n```\n",
            "<!-- output: Beta (macOS) -->\n```text\nBeta on a Mac\n```\n",
        ])
        #expect(
            await outputProblems(in: mixed.repository, platform: "Linux") { Fixture.printed($0) }
                .map(\.description) == [
                    "docs/02-beta.md: shows the output of Beta both for every platform and per platform"
                ])

        let unknown = try Self.perPlatformBeta([
            "<!-- output: Beta -->\n```text\nBeta\n```\n",
            "<!-- output: Beta (Windows) -->\n```text\nBeta\n```\n",
        ])
        #expect(
            await outputProblems(in: unknown.repository, platform: "Linux") { Fixture.printed($0) }
                .map(\.description) == [
                    "docs/02-beta.md:8: output on Windows, which is none of Linux, macOS",
                    "docs/02-beta.md: shows the output of Beta both for every platform and per platform",
                ])
    }

    @Test func aReportWithoutItsTimingsSectionHasNoStablePart() throws {
        #expect(throws: UnstableOutput.self) { try stableReport(ofPrinted: "Alpha\n\n✓ says hello\n") }
        #expect(try stableReport(ofPrinted: Fixture.printed("Alpha")) == ["Alpha", "", "✓ says hello"])
    }
}
