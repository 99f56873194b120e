import Foundation
import TestSupport
import Testing

/// `CONTRIBUTING.md`'s recipes name every place the package holds for a chapter and for an exercise.
/// The places are found, not listed: a path every chapter (or exercise) has a copy of, spelled with
/// its number and name, and a file that names every one of them. So a place a new chapter needs
/// fails this test until its recipe says so.
@Suite("Docs: the contributor's recipes are complete")
struct ContributingTests {
    private let guide = ContributorsGuide()

    @Test func theChapterRecipeNamesEveryPlaceEachChapterHas() throws {
        let chapters = try folders(in: "Chapters")
        let pages = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appending(path: "docs").path
        )
        .filter { $0.wholeMatch(of: /\d\d-.*\.md/) != nil }.sorted().map { String($0.dropLast(3)) }
        try #require(chapters.count == pages.count)
        let places = Self.placesEach(
            of: zip(chapters, pages).map { Unit(folder: $0, page: $1) }, in: Self.repositoryFiles())
        #expect(places.count >= 8)
        let recipe = try guide.section("Adding a chapter")
        for place in places {
            #expect(recipe.contains(place), "the chapter recipe does not name \(place)")
        }
        // What the docs and chapter tests require of a chapter beyond its files: its report, its links,
        // its pictures and the browser command under them, and four rules at least.
        for fact in [
            "<!-- output: Name -->", "Previous", "Next", "scripts/draw-timelines", "--timeline /tmp/",
            "at least four rules",
        ] {
            #expect(recipe.contains(fact), "the chapter recipe does not say \(fact)")
        }
    }

    @Test func theExerciseRecipeNamesEveryPlaceEachExerciseHas() throws {
        let places = Self.placesEach(
            of: try folders(in: "Sources/Starters").map { Unit(folder: $0, page: nil) },
            in: Self.repositoryFiles())
        #expect(places.count >= 10)
        let recipe = try guide.section("Adding an exercise")
        for place in places {
            #expect(recipe.contains(place), "the exercise recipe does not name \(place)")
        }
        // What MirrorTests, ProofTests and TeachingGuideTests require of an exercise, found by its
        // number rather than its name: the starter's marker, the runners' imports, the proof, and
        // the teacher's table, total and sample CSV.
        for fact in [
            "✏️ Your work goes here", "import NameExercise", "import NameStarter", "import NameSolution",
            "Tests/ExerciseTests/ProofTests.swift", "docs/teaching.md", "docs/NN-name.md", "checks in all",
            "sample CSV", "every row's points",
        ] {
            #expect(recipe.contains(fact), "the exercise recipe does not say \(fact)")
        }
    }

    /// The recipes that have no place a chapter or an exercise copies name files that exist.
    @Test(arguments: ["Adding a rule row", "Adding a route", "Adding an answer variant"])
    func everyOtherRecipeNamesFilesThatExist(title: String) throws {
        let recipe = try guide.section(title)
        let paths = recipe.matches(of: /`((?:Sources|Tests|Chapters|docs|scripts)\/[^`\s]+)`/).map {
            String($0.output.1)
        }
        #expect(!paths.isEmpty)
        for path in paths where !path.contains("Name") && !path.contains("name") {
            #expect(
                FileManager.default.fileExists(atPath: packageRoot.appending(path: path).path),
                "the recipe \(title) names \(path), which does not exist")
        }
    }

    @Test func everyRecipeIsNumberedSteps() throws {
        for title in [
            "Adding a chapter", "Adding a rule row", "Adding a route", "Adding an exercise",
            "Adding an answer variant",
        ] {
            let steps = try guide.section(title).split(separator: "\n").filter {
                $0.wholeMatch(of: /\d+\. .*/) != nil
            }
            #expect(steps.count >= 2, "\(title) has no numbered steps")
            #expect(steps.map { Int($0.prefix { $0.isNumber })! } == Array(1...steps.count), "\(title)")
        }
    }

    /// The module map names every folder of targets the package builds.
    @Test func theModuleMapNamesEveryModuleFolder() throws {
        let map = try guide.section("The modules")
        for folder in try folders(in: "Sources") + folders(in: "Tests") + folders(in: "Benchmarks") {
            #expect(map.contains("`\(folder)`"), "the module map does not name \(folder)")
        }
    }

    /// A chapter or an exercise: its folder `NN-Name`, and the chapter's page `NN-name`.
    struct Unit {
        let folder: String
        let page: String?
        var name: String { String(folder.dropFirst(3)) }
        var lowerName: String { name.prefix(1).lowercased() + name.dropFirst() }

        /// `path` with this unit's own words replaced by the recipe's placeholders.
        func template(_ path: String) -> String {
            var path = path.replacing(folder, with: "NN-Name")
            if let page { path = path.replacing(page, with: "NN-name") }
            return path.replacing(name, with: "Name")
        }

        func isNamed(in path: String) -> Bool {
            path.contains(folder) || path.contains(name) || page.map(path.contains) == true
        }
    }

    /// The places every one of `units` has: each path that holds one unit's words, as a template,
    /// when every unit has it (a folder only when nothing listed lies inside it), and each file
    /// that names every unit (by `Name` or `name`) without being one unit's own.
    static func placesEach(of units: [Unit], in files: [String: String]) -> [String] {
        let own = units.map { unit in
            Set(
                files.keys.filter(unit.isNamed).flatMap { path in
                    let template = unit.template(path)
                    let folders = template.split(separator: "/").dropLast().indices.map {
                        template.split(separator: "/")[...$0].joined(separator: "/") + "/"
                    }
                    return [template] + folders.filter { $0.contains("Name") || $0.contains("name") }
                })
        }
        let shared = own.dropFirst().reduce(own.first ?? []) { $0.intersection($1) }
        let kept = shared.filter { place in
            !place.hasSuffix("/") || !shared.contains { $0 != place && $0.hasPrefix(place) }
        }
        let lists = files.filter { path, text in
            !units.contains { $0.isNamed(in: path) }
                && units.allSatisfy { text.contains($0.name) || text.contains($0.lowerName) }
        }
        return (Array(kept) + lists.keys).sorted()
    }

    /// Every text file a chapter or an exercise can have a place in, by path from the root.
    static func repositoryFiles() -> [String: String] {
        var files: [String: String] = [:]
        for top in ["README.md", "Package.swift"] {
            files[top] = try? String(contentsOf: packageRoot.appending(path: top), encoding: .utf8)
        }
        for folder in ["Chapters", "Sources", "Tests", "docs", "scripts", "Benchmarks"] {
            let walker = FileManager.default.enumerator(atPath: packageRoot.appending(path: folder).path)
            while let path = walker?.nextObject() as? String {
                let full = folder + "/" + path
                files[full] =
                    (try? String(contentsOf: packageRoot.appending(path: full), encoding: .utf8)) ?? ""
            }
        }
        return files.filter { !$0.key.hasPrefix("Sources/Combine/") }
    }

    private func folders(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot.appending(path: path).path)
            .filter { !$0.hasPrefix(".") && !$0.contains(".") }.sorted()
    }
}

/// `CONTRIBUTING.md`, cut at its second-level headings.
struct ContributorsGuide {
    let text: String

    init() {
        text =
            (try? String(contentsOf: packageRoot.appending(path: "CONTRIBUTING.md"), encoding: .utf8)) ?? ""
    }

    /// The text under the heading `## title`, up to the next such heading.
    func section(_ title: String) throws -> String {
        let parts = text.components(separatedBy: "\n## ")
        return try #require(
            parts.first { $0.hasPrefix(title + "\n") }, "CONTRIBUTING.md has no section \(title)")
    }
}
