import ExerciseCatalog
import ExerciseChecks
import Foundation
import TestSupport
import Testing

/// The exercises are listed once, as `exerciseFolders` in `Package.swift`, the list its targets are
/// made from. It stays there rather than in a data file of its own because SwiftPM caches what a
/// manifest evaluates to by the manifest's own text, so a list read from another file would go
/// stale. Everything else follows it: the runner's catalog and the three editions' folders are held
/// to it here and in MirrorTests, the scripts read the `Sources/Starters` folders, and the pages
/// leave the count to the list.
@Suite("Exercises: one list")
struct ExerciseListTests {
    /// `Package.swift` makes a module and a runner of each folder in its list, so the list must
    /// name every exercise of the catalog, in order.
    @Test func thePackageListsEveryExerciseOfTheCatalog() throws {
        let manifest = try contents(of: "Package.swift")
        let listed = manifest.matches(of: /"(\d\d-[A-Za-z]+)"/).map { String($0.output.1) }
        #expect(listed == exercises.map(\.folder))
    }

    /// The catalog the runner reads and the checks the check processes run are two lists, so that
    /// the runner links no lab: each exercise of one is in the other, in order, with a measure for
    /// each of its checks.
    @Test func everyExerciseOfTheCatalogHasAMeasureForEachCheck() {
        #expect(checkedExercises.map(\.exercise.number) == exercises.map(\.number))
        for (exercise, checked) in zip(exercises, checkedExercises) {
            #expect(checked.checks.map(\.check) == exercise.checks, "exercise \(exercise.number)")
        }
    }

    /// A script that named the exercises, or counted them, would be wrong the day one is added.
    @Test(
        arguments: try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appending(path: "scripts").path))
    func noScriptNamesAnExerciseOrCountsThem(script: String) throws {
        let text = try contents(of: "scripts/" + script)
        for exercise in exercises {
            #expect(!text.contains(exercise.name), "scripts/\(script) names \(exercise.name)")
        }
        #expect(!text.contains("seq \(exercises.count)"), "scripts/\(script) counts to \(exercises.count)")
        #expect(!mentionsTheCount(text), "scripts/\(script) spells out how many exercises there are")
    }

    /// The pages that speak of the exercises (the student edition has no teacher's guide).
    @Test(
        arguments: ["README.md", "docs/README.md", "docs/teaching.md"].filter {
            FileManager.default.fileExists(atPath: packageRoot.appending(path: $0).path)
        })
    func thePagesLeaveTheCountToTheList(page: String) throws {
        #expect(!mentionsTheCount(try contents(of: page)), "\(page) spells out how many exercises there are")
    }

    /// Whether `text` spells out the number of exercises as a count of them: the word before
    /// "exercise", or after "the" or "all" ("all nine results", "the nine add up"). A count of
    /// students or chapters that happens to be the same word is not one.
    private func mentionsTheCount(_ text: String) -> Bool {
        let numberWords = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
            "twenty",
        ]
        guard exercises.count < numberWords.count else { return false }
        let word = numberWords[exercises.count]
        let words = [""] + text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init) + [""]
        return words.indices.dropFirst().dropLast().contains { index in
            words[index] == word
                && (words[index + 1].hasPrefix("exercise") || ["the", "all"].contains(words[index - 1]))
        }
    }

    private func contents(of path: String) throws -> String {
        try String(contentsOf: packageRoot.appending(path: path), encoding: .utf8)
    }
}
