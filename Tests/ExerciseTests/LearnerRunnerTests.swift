import CheckProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import Testing
import Verdicts

@testable import WorkbookCommand

/// The runner as a learner leans on it: `reset` never loses their work, and their progress
/// outlives the build folder.
@Suite("Workbook: reset and progress")
struct LearnerRunnerTests {
    private let exercise = exercises[0]

    @Test func resetKeepsTheReplacedFileAndSaysWhere() async throws {
        let package = try ScratchPackage()
        try package.edit(exercise)
        let edited = try package.contents(of: "Sources/Exercises/" + exercise.file)
        let run = try await package.workbook(["reset", "1"])
        #expect(run.status == 0)
        let kept = try #require(
            run.output.firstMatch(
                of: /Your Sources\/Exercises\/\S+ is kept as (\.workbook\/replaced\/\S+\.swift)\.\n/))
        #expect(kept.output.1.hasPrefix(".workbook/replaced/\(exercise.folder)/\(exercise.name)-"))
        #expect(try package.contents(of: String(kept.output.1)) == edited)
        #expect(
            try package.contents(of: "Sources/Exercises/" + exercise.file)
                == package.contents(of: "Sources/Starters/" + exercise.file))
    }

    @Test func resettingAStarterKeepsNothing() async throws {
        let package = try ScratchPackage()
        let run = try await package.workbook(["reset", "1"])
        #expect(run.output == "Sources/Exercises/\(exercise.file) is back as it was at the start.\n")
        #expect(
            !FileManager.default.fileExists(atPath: package.root.appending(path: ".workbook/replaced").path))
    }

    @Test func aPassingAnswerIsNotReplacedWithoutATerminalToAsk() async throws {
        let package = try ScratchPackage()
        try package.edit(exercise)
        try package.markSolved(exercise)
        let answer = try package.contents(of: "Sources/Exercises/" + exercise.file)
        let run = try await package.workbook(["reset", "1"])
        #expect(run.status == 2)
        #expect(
            run.errors
                == "workbook: exercise 1 passes as it stands, so it is not replaced without asking;"
                + " `swift run workbook reset 1 --force` replaces it anyway\n")
        #expect(try package.contents(of: "Sources/Exercises/" + exercise.file) == answer)

        let forced = try await package.workbook(["reset", "1", "--force"])
        #expect(forced.status == 0)
        #expect(forced.output.contains("is kept as .workbook/replaced/"))
        #expect(try package.contents(of: "Sources/Exercises/" + exercise.file) != answer)
    }

    @Test func progressOutlivesTheBuildFolder() async throws {
        let package = try ScratchPackage()
        try package.edit(exercise)
        try package.markSolved(exercise)
        try? FileManager.default.removeItem(at: package.root.appending(path: ".build"))
        let run = try await package.workbook([])
        #expect(
            run.output.hasPrefix("Combine networking workbook: 1 of \(exercises.count) exercises solved\n"))
    }

    @Test func theSolvedTallyCountsTheFilesThatPassAsTheyStand() throws {
        let package = try ScratchPackage()
        let commands = Commands(layout: package.layout, style: TextStyle(enabled: false))
        #expect(commands.solvedTally() == "0 of \(exercises.count) solved.")
        try package.edit(exercise)
        try package.markSolved(exercise)
        #expect(commands.solvedTally() == "1 of \(exercises.count) solved.")
        try package.edit(exercise)
        #expect(commands.solvedTally() == "0 of \(exercises.count) solved.")
    }
}

extension ScratchPackage {
    var layout: Layout {
        Layout(
            root: root, scratch: root.appending(path: ".build"), configuration: "debug",
            products: root.appending(path: ".build/debug"))
    }

    /// Records `exercise`'s file as it stands as passing, as `check` does when every check passes.
    func markSolved(_ exercise: Exercise) throws {
        var progress = Progress(layout: layout)
        progress.record(
            exercise, contents: try Data(contentsOf: layout.exerciseFile(exercise)), passed: true)
    }
}

@Suite("Workbook: help for learners and teachers")
struct HelpTests {
    @Test func helpNamesTheLearnersAndTheTeachersCommands() async throws {
        let run = try await ScratchPackage().workbook(["help"])
        #expect(run.status == 0)
        var commands = ["--results results.json", "reset N [--force]"]
        // full edition: begin
        commands += [
            "solution N", "student-edition DIR", "grade DIR... [--csv grades.csv]", "docs/teaching.md",
        ]
        // full edition: end
        for command in commands {
            #expect(run.output.contains(command), "\(command)")
        }
    }
}
