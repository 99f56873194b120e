import ExerciseChecks
import Foundation
import Testing

/// The three copies of the exercise code mirror each other, so a teacher can diff a starter with
/// its solution, `reset` has a starter for every file, and `CheckedCode.swift` binds the same
/// functions in each.
@Suite("Exercises: the folders mirror each other")
struct MirrorTests {
    @Test func startersExercisesAndSolutionsHoldTheSameFiles() throws {
        let starters = try swiftFiles(in: "Sources/Starters")
        #expect(starters.contains("CheckedCode.swift"))
        #expect(try swiftFiles(in: "Sources/Exercises") == starters)
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

    @Test func checkedCodeReadsTheSameInEveryFolder() throws {
        let starters = try contents(of: "Sources/Starters/CheckedCode.swift")
        #expect(try contents(of: "Sources/Exercises/CheckedCode.swift") == starters)
        #expect(try contents(of: "Sources/Solutions/CheckedCode.swift") == starters)
    }

    /// In a fresh copy of the package the student's files are the starters. This fails once a
    /// learner edits an exercise, as it should: `swift run workbook reset N` puts the file back.
    @Test(arguments: exercises.map(\.file))
    func theStudentsCopyStartsAsTheStarter(file: String) throws {
        #expect(
            try contents(of: "Sources/Exercises/" + file) == contents(of: "Sources/Starters/" + file),
            "Sources/Exercises/\(file) differs from its starter; `swift run workbook reset` puts it back")
    }

    @Test(arguments: exercises)
    func everyExerciseBelongsToAChapterThatExists(exercise: Exercise) throws {
        let folder = String(format: "Chapters/%02d-%@", exercise.number, exercise.chapter)
        #expect(FileManager.default.fileExists(atPath: packageRoot.appending(path: folder).path), "\(folder)")
        #expect(!exercise.checks.isEmpty)
    }

    /// One name per exercise: its folder, the file the student edits, its checks' file and its code
    /// type all spell it the same way, so finding one finds the others.
    @Test(arguments: exercises)
    func everyExerciseUsesItsOneNameEverywhere(exercise: Exercise) throws {
        #expect(exercise.folder == String(format: "%02d-%@", exercise.number, exercise.name))
        #expect(exercise.file == "\(exercise.folder)/\(exercise.name).swift")
        let checks = "Sources/ExerciseChecks/\(exercise.folder).swift"
        #expect(FileManager.default.fileExists(atPath: packageRoot.appending(path: checks).path), "\(checks)")
        #expect(try contents(of: checks).contains("public struct \(exercise.name)Code: ExerciseCode"))
        for edition in ["Exercises", "Starters", "Solutions"] {
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
    public var testDescription: String { "exercise \(number)" }
}
