import Testing

@Suite struct TrapSignalTests {
    /// Alpha's page showing a crash row, and a run of Alpha that printed `ending` there.
    private static func alpha(showing shown: String, printed ending: String) async throws -> [String] {
        let fixture = try Fixture.twoChapters(replacing: [
            "docs/01-alpha.md": """
            # Alpha

            <!-- output: Alpha -->
            ```text
            Alpha

            ✓ crashes   \(shown)
            ```

            [Roadmap](README.md) · [Next: Beta →](02-beta.md)

            """
        ])
        let problems = await outputProblems(in: fixture.repository) { name in
            Fixture.printed(name).replacingOccurrences(of: "✓ says hello", with: "✓ crashes   \(ending)")
        }
        return problems.map(\.description)
    }

    @Test func aPageShowingSIGTRAPMatchesARunThatStoppedWithSIGILLAndTheOtherWayRound() async throws {
        #expect(try await Self.alpha(showing: "signal 5 SIGTRAP", printed: "signal 4 SIGILL") == [])
        #expect(try await Self.alpha(showing: "signal 4 SIGILL", printed: "signal 5 SIGTRAP") == [])
    }

    @Test func anyOtherEndingStillDiffersAndIsShownAsWritten() async throws {
        #expect(
            try await Self.alpha(showing: "signal 5 SIGTRAP", printed: "signal 11 SIGSEGV") == [
                "docs/01-alpha.md:7: output differs from what `swift run Alpha` prints at its line 3: "
                    + "the doc has `✓ crashes   signal 5 SIGTRAP`, the program prints `✓ crashes   signal 11 SIGSEGV`"
            ])
        #expect(
            try await Self.alpha(showing: "signal 4 SIGILL", printed: "exit 0") == [
                "docs/01-alpha.md:7: output differs from what `swift run Alpha` prints at its line 3: "
                    + "the doc has `✓ crashes   signal 4 SIGILL`, the program prints `✓ crashes   exit 0`"
            ])
    }
}
