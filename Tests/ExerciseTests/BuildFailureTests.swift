import CheckProcesses
import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import TestSupport
import Testing
import Verdicts

@testable import WorkbookCommand

/// An exercise that does not compile is shown as the compiler's first errors in that exercise,
/// the first with its file and line on the opening line, not pages of build log. The errors here
/// come from the real compiler.
@Suite("Workbook: code that does not compile")
struct BuildFailureTests {
    @Test func showsTheErrorsInTheExercisesFolderFirstAndOnlyThose() async throws {
        try await inTemporaryFolder("workbook-broken") { root in
            let exercise = try #require(exercises.first { $0.number == 3 })
            let layout = Layout(
                root: root, scratch: root.appending(path: ".build"), configuration: "debug", products: root)
            let exerciseFile = layout.exerciseFile(exercise)
            let otherFile = layout.exerciseFile(exercises[0])
            try write("let fine = 1\nlet broken = undefinedThing\n", to: exerciseFile)
            try write("let alsoBroken = otherUndefinedThing\n", to: otherFile)
            let log = try await compile([otherFile, exerciseFile])

            let errors = compilerErrors(in: log)
            #expect(Set(errors.map(\.path)) == [exerciseFile.path, otherFile.path])

            let shown = Commands(layout: layout, style: TextStyle(enabled: false)).buildFailure(
                log, for: exercise)
            #expect(
                shown.hasPrefix(
                    "✗ exercise 3 does not compile: Sources/Exercises/\(exercise.file):2:14: error: cannot find 'undefinedThing' in scope\n"
                ))
            #expect(shown.contains("let broken = undefinedThing"))
            #expect(!shown.contains("otherUndefinedThing"))
            #expect(!shown.contains(root.path))
        }
    }

    @Test func withoutErrorsInTheExerciseItShowsTheOthers() async throws {
        try await inTemporaryFolder("workbook-broken") { root in
            let layout = Layout(
                root: root, scratch: root.appending(path: ".build"), configuration: "debug", products: root)
            let otherFile = root.appending(path: "Sources/ExerciseChecks/Other.swift")
            try write("let alsoBroken = otherUndefinedThing\n", to: otherFile)
            let log = try await compile([otherFile])
            let shown = Commands(layout: layout, style: TextStyle(enabled: false)).buildFailure(
                log, for: exercises[0])
            #expect(
                shown.hasPrefix(
                    "✗ exercise 1 does not compile: Sources/ExerciseChecks/Other.swift:1:18: error:"))
        }
    }

    @Test func aLogWithoutCompilerErrorsShowsItsEnd() {
        let layout = Layout(
            root: URL(filePath: "/p"), scratch: URL(filePath: "/p/.build"), configuration: "debug",
            products: URL(filePath: "/p"))
        let log = (1...30).map { "line \($0)" }.joined(separator: "\n")
        let shown = Commands(layout: layout, style: TextStyle(enabled: false)).buildFailure(
            log, for: exercises[1])
        #expect(
            shown == "✗ exercise 2 could not be built:\n"
                + (11...30).map { "line \($0)" }.joined(separator: "\n"))
    }

    private func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// What the compiler prints type-checking `files`, as a build log shows it.
    private func compile(_ files: [URL]) async throws -> String {
        let swiftc = try #require(CheckBuild.findSwift()).deletingLastPathComponent().appending(
            path: "swiftc")
        let run = try await runChildProcess(
            swiftc, arguments: ["-typecheck", "-continue-building-after-errors"] + files.map(\.path),
            environment: ProcessInfo.processInfo.environment)
        #expect(run.ending == .exited(1))
        return run.output + run.errors
    }
}
