import Testing

/// Every target declares exactly the targets its files import. SwiftPM builds a module that imports
/// an undeclared one whenever some other target happens to build it first (its
/// `--explicit-target-dependency-import-check` did not catch one on Swift 6.3.1), and never says
/// when a declared one is no longer used; this test says both.
@Suite("Package: every target depends on what it imports")
struct DependencyTests {
    @Test func everyTargetDeclaresExactlyWhatItsFilesImport() async throws {
        let graph = try await PackageGraph.load()
        let problems = try dependencyProblems(
            graph.targets.map { target in
                (target, imported: try graph.imports(of: target))
            }, kinds: Dictionary(uniqueKeysWithValues: graph.targets.map { ($0.name, $0.type) }))
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    /// The check itself, on a graph broken each way once.
    @Test func aMissingOrAnUnusedDependencyIsReported() {
        let kinds = [
            "Chapter": "executable", "Harness": "regular", "Locking": "regular", "Probe": "executable",
        ]
        let chapter = target("Chapter", declaring: ["Harness", "Probe"])
        #expect(dependencyProblems([(chapter, imported: ["Harness"])], kinds: kinds).isEmpty)
        #expect(
            dependencyProblems([(chapter, imported: ["Harness", "Locking"])], kinds: kinds) == [
                "Chapter imports Locking without declaring it"
            ])
        #expect(
            dependencyProblems([(chapter, imported: [])], kinds: kinds) == [
                "Chapter declares Harness and imports nothing of it"
            ])
    }

    private func target(_ name: String, declaring declared: [String]) -> PackageGraph.Target {
        PackageGraph.Target(
            name: name, type: "executable", path: nil, exclude: [], sources: nil,
            dependencies: declared.map { .init(targetName: $0) })
    }
}

/// What is wrong with each target's declared dependencies, given what its files import and each
/// target's kind. Two kinds of declaration are not imports and are left alone: an executable a
/// target declares so that it is built, to be run as a child process (a probe, a chapter a test
/// runs); and the modules an exercise's module offers every answer, the same for each exercise
/// and edition (`Sources/Starters`, `Sources/Solutions`, `Sources/Exercises`), since a learner's
/// answer may import what the starter does not.
func dependencyProblems(
    _ targets: [(target: PackageGraph.Target, imported: Set<String>)], kinds: [String: String]
) -> [String] {
    targets.flatMap { target, imported in
        let offersAnswers = ["Sources/Starters", "Sources/Solutions", "Sources/Exercises"].contains {
            target.folder.hasPrefix($0)
        }
        let undeclared = imported.subtracting(target.declared).sorted().map {
            "\(target.name) imports \($0) without declaring it"
        }
        let unused = target.declared.subtracting(imported).filter {
            kinds[$0] != "executable" && !offersAnswers
        }
        .sorted().map { "\(target.name) declares \($0) and imports nothing of it" }
        return undeclared + unused
    }
}
