import CheckProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import TestSupport
import Testing

/// The three copies of the exercise code mirror each other, so a teacher can diff a starter with
/// its solution, `reset` has a starter for every file, and the check runners bind the same
/// functions in each.
@Suite("Exercises: the folders mirror each other")
struct MirrorTests {
    @Test func startersExercisesAndSolutionsHoldTheSameFiles() throws {
        let starters = try swiftFiles(in: "Sources/Starters")
        #expect(starters == exercises.map(\.file))
        // The learner's copy may hold more: a file of helpers beside an exercise is theirs to add.
        #expect(try Set(starters).isSubset(of: swiftFiles(in: "Sources/Exercises")))
        #expect(try swiftFiles(in: "Sources/Solutions") == starters)
    }

    @Test(arguments: exercises.map(\.file))
    func everyExerciseFileHasAStarterAndASolutionThatDiffer(file: String) throws {
        let starter = try contents(of: "Sources/Starters/" + file)
        let solution = try contents(of: "Sources/Solutions/" + file)
        #expect(starter != solution)
        #expect(starter.contains("✏️ Your work goes here"))
        #expect(!solution.contains("✏️"))
    }

    /// An exercise's binding, the line that hands its functions to the checks, is written three
    /// times: in the runner of the student's copy, and in the runners of the starters and of the
    /// solutions. SwiftPM compiles a source file into one target only, and each runner imports other
    /// modules, so the copies are held to each other here.
    @Test func everyBindingReadsTheSameInTheThreeRunners() throws {
        let starters = try contents(of: "Sources/CheckRunners/Starters/CheckedCode.swift")
        let solutions = try contents(of: "Sources/CheckRunners/Solutions/CheckedCode.swift")
        let withoutImports = { (text: String) in
            text.split(separator: "\n").filter { !$0.hasPrefix("import ") }
        }
        #expect(withoutImports(starters) == withoutImports(solutions))
        let listed = starters.split(separator: "\n").filter { $0.hasPrefix("    ") && $0.hasSuffix(",") }
            .map { String($0.dropFirst(4).dropLast()) }
        let own = try exercises.map { exercise in
            let runner = try contents(of: "Sources/CheckRunners/\(exercise.folder)/main.swift")
            #expect(runner.contains("\nimport \(exercise.name)Exercise\n"))
            let call = try #require(runner.firstMatch(of: /\nlet code = (.*)\n/))
            return String(call.output.1)
        }
        #expect(own == listed)
    }

    @Test(arguments: exercises)
    func everyExerciseBelongsToAChapterThatExists(exercise: Exercise) throws {
        let folder = String(format: "Chapters/%02d-%@", exercise.number, exercise.chapter)
        #expect(FileManager.default.fileExists(atPath: packageRoot.appending(path: folder).path), "\(folder)")
        #expect(!exercise.checks.isEmpty)
    }

    /// One name per exercise: its folder, the file the student edits, its catalog entry, its checks'
    /// file and its code type all spell it the same way, so finding one finds the others.
    @Test(arguments: exercises)
    func everyExerciseUsesItsOneNameEverywhere(exercise: Exercise) throws {
        #expect(exercise.folder == String(format: "%02d-%@", exercise.number, exercise.name))
        #expect(exercise.file == "\(exercise.folder)/\(exercise.name).swift")
        let checks = "Sources/ExerciseChecks/\(exercise.folder).swift"
        #expect(FileManager.default.fileExists(atPath: packageRoot.appending(path: checks).path), "\(checks)")
        #expect(try contents(of: checks).contains("public struct \(exercise.name)Code: ExerciseCode"))
        let entry = "Sources/ExerciseCatalog/\(exercise.folder).swift"
        let lowerName = exercise.name.prefix(1).lowercased() + exercise.name.dropFirst()
        #expect(try contents(of: entry).contains("public static let \(lowerName) = Exercise("), "\(entry)")
        for edition in ["Starters", "Solutions"] {
            let files = try swiftFiles(in: "Sources/\(edition)/\(exercise.folder)")
            #expect(files == ["\(exercise.name).swift"], "Sources/\(edition)/\(exercise.folder)")
        }
    }

    @Test func exercisesAreInChapterOrderOncePerChapter() {
        let numbers = exercises.map(\.number)
        #expect(numbers == numbers.sorted())
        #expect(Set(numbers).count == numbers.count)
    }

    private func swiftFiles(in folder: String) throws -> [String] {
        let base = packageRoot.appending(path: folder)
        let walker = try #require(FileManager.default.enumerator(atPath: base.path))
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    }

    private func contents(of path: String) throws -> String {
        try String(contentsOf: packageRoot.appending(path: path), encoding: .utf8)
    }
}

extension Exercise: CustomTestStringConvertible {
    /// Names an exercise by its number in test results, as `exercise 4`.
    public var testDescription: String { "exercise \(number)" }
}
