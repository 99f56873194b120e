import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import Testing
import Verdicts

@testable import CheckProcesses
@testable import Classroom

/// What `workbook grade` makes of each student's results, and the CSV it writes. Grading real
/// copies builds a package, which takes minutes: `scripts/measure-class-grading` does that.
@Suite("Teaching: grading a class")
struct GradeTests {
    /// An outcome per exercise whose checks passed as `passed` says.
    static func outcomes(_ passed: (Exercise, Int) -> Bool) -> [ExerciseOutcome] {
        exercises.map { exercise in
            outcome(exercise) { passed(exercise, $0) ? .finished(holds: true) : .finished(holds: false) }
        }
    }

    /// How one check ended, for made-up outcomes.
    enum Ended {
        case finished(holds: Bool), ended(CheckEnding)
    }

    /// `exercise`'s outcome with each check ending as `ending` says.
    static func outcome(_ exercise: Exercise, _ ending: (Int) -> Ended) -> ExerciseOutcome {
        let results = exercise.checks.enumerated().map { index, check in
            let (holds, how): (Bool, CheckEnding) =
                switch ending(index) {
                case .finished(let holds): (holds, .finished)
                case .ended(let how): (false, how)
                }
            return CheckResult(
                sentence: check.sentence, hint: check.hint,
                verdict: Verdict(expected: "", measured: "", holds: holds), output: [], duration: .zero,
                ending: how)
        }
        return ExerciseOutcome(exercise: exercise, results: results, buildFailure: nil)
    }

    @Test func eachExerciseScoresTheChecksThatPassedOutOfItsChecks() {
        let grade = StudentGrade(
            folder: "ada", outcomes: Self.outcomes { exercise, index in !(exercise.number == 1 && index > 0) }
        )
        #expect(grade.exercises[0] == ExerciseGrade(passed: 1, checks: exercises[0].checks.count, note: nil))
        #expect(grade.exercises.dropFirst().allSatisfy { $0.passed == $0.checks && $0.note == nil })
        let checks = exercises.map(\.checks.count).reduce(0, +)
        #expect(grade.passed == checks - exercises[0].checks.count + 1 && grade.checks == checks)
        #expect(grade.points == 100 - exercisePoints()[0])
    }

    @Test func anExerciseThatScoresNothingSaysWhy() {
        let third = exercises[2]
        let cases: [(ExerciseOutcome?, ExerciseNote)] = [
            (nil, .missing),
            (ExerciseOutcome(exercise: third, results: [], buildFailure: "error: oops"), .doesNotCompile),
            (Self.outcome(third) { $0 == 0 ? .ended(.crashed) : .finished(holds: false) }, .crashed),
            (Self.outcome(third) { $0 == 1 ? .ended(.hung) : .finished(holds: false) }, .hung),
            (
                Self.outcome(third) { $0 == 1 ? .ended(.blockedMainThread) : .finished(holds: false) },
                .blockedMainThread
            ),
            (Self.outcome(third) { _ in .ended(.didNotFinish) }, .didNotFinish),
            (Self.outcome(third) { .ended([.crashed, .refused, .hung][$0 % 3]) }, .refused),
            (Self.outcome(third) { _ in .finished(holds: false) }, .everyCheckFailed),
        ]
        for (outcome, note) in cases {
            let others = Self.outcomes { _, _ in true }.filter { $0.exercise.number != third.number }
            let grade = StudentGrade(folder: "bo", outcomes: others + [outcome].compactMap { $0 })
            #expect(grade.exercises[2] == ExerciseGrade(passed: 0, checks: third.checks.count, note: note))
            #expect(grade.points == 100 - exercisePoints()[2], "\(note)")
        }
    }

    /// Exercise 6's starter crashes by design: a student who left it as given has not crashed
    /// anything, and the note says the exercise is unsolved, not that it crashed. The same crash in
    /// a changed file is noted as a crash.
    @Test func anUntouchedStarterIsUnsolvedWhateverItsChecksProcessesDid() {
        let sixth = exercises[5]
        let crashing = Self.outcome(sixth) { _ in .ended(.crashed) }
        let untouched = StudentGrade(folder: "cy", outcomes: [crashing], untouched: [6])
        #expect(
            untouched.exercises[5] == ExerciseGrade(passed: 0, checks: sixth.checks.count, note: .unsolved))
        let changed = StudentGrade(folder: "cy", outcomes: [crashing])
        #expect(changed.exercises[5].note == .crashed)
        let solved = StudentGrade(folder: "cy", outcomes: Self.outcomes { _, _ in true }, untouched: [6])
        #expect(solved.exercises[5].note == nil, "a starter that passes is not called unsolved")
    }

    @Test func aCrashAmongPassingChecksIsNotedToo() {
        let grade = StudentGrade(
            folder: "cy",
            outcomes: [Self.outcome(exercises[0]) { $0 == 0 ? .ended(.crashed) : .finished(holds: true) }])
        #expect(
            grade.exercises[0].note == .crashed && grade.exercises[0].passed == exercises[0].checks.count - 1)
    }

    @Test func theClassroomPointsAddUpTo100() {
        #expect(exercisePoints().reduce(0, +) == 100)
        #expect(exercisePoints().count == exercises.count)
        #expect(Set(exercisePoints()).isSubset(of: [100 / exercises.count, 100 / exercises.count + 1]))
    }

    @Test func theCSVHasNumbersAndNotesInColumnsOfTheirOwnAndARowPerFolder() {
        let grades = [
            StudentGrade(folder: "class/ada", outcomes: Self.outcomes { _, _ in true }),
            StudentGrade(
                folder: "class/bo, \"b\"", outcomes: Self.outcomes { _, _ in false },
                notes: ["modified: Package.swift"]),
            StudentGrade(ungraded: "class/grades.csv", because: "not a workbook: not a folder"),
        ]
        let rows = gradesCSV(grades).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows.count == 5 && rows[4] == "")
        #expect(
            rows[0] == "student,"
                + exercises.map {
                    "exercise \($0.number) passed,exercise \($0.number) checks,exercise \($0.number) note"
                }
                .joined(separator: ",") + ",passed,checks,points,notes")
        let counts = exercises.map(\.checks.count)
        let total = counts.reduce(0, +)
        #expect(
            rows[1] == "class/ada," + counts.map { "\($0),\($0)," }.joined(separator: ",")
                + ",\(total),\(total),100,")
        #expect(
            rows[2] == "\"class/bo, \"\"b\"\"\","
                + counts.map { "0,\($0),every check failed" }.joined(separator: ",")
                + ",0,\(total),0,modified: Package.swift")
        #expect(
            rows[3] == "class/grades.csv," + String(repeating: ",", count: exercises.count * 3 + 3)
                + "not a workbook: not a folder")
        #expect(!rows.contains { $0.contains(/\d\/\d/) }, "no cell a spreadsheet reads as a date")
    }

    @Test func aFolderThatIsNotAWorkbookIsToldApart() throws {
        let scratch = try TemporaryFolder()
        let file = scratch.url.appending(path: "grades.csv")
        try Data("student\n".utf8).write(to: file)
        let empty = scratch.url.appending(path: "empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let copy = scratch.url.appending(path: "ada/Sources/Exercises")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        #expect(notAWorkbook(file) == "not a workbook: not a folder")
        #expect(notAWorkbook(empty) == "not a workbook: no Sources/Exercises folder, nor any exercise's file")
        #expect(notAWorkbook(scratch.url.appending(path: "gone")) == "not a workbook: no such folder")
        #expect(notAWorkbook(scratch.url.appending(path: "ada")) == nil)
    }

    /// A student's copy of the checks, the runner or the workflow never reaches the workspace; only
    /// their exercise files do, and the rest is reported when it differs from the edition.
    @Test func gradingTakesOnlyTheExerciseFilesAndNamesEveryOtherChange() throws {
        let scratch = try TemporaryFolder()
        let edition = scratch.url.appending(path: "workspace")
        let student = scratch.url.appending(path: "student")
        let first = exercises[0]
        var editionFiles = [
            "Sources/ExerciseChecks/Check.swift": "the teacher's check",
            "Sources/CheckRunners/\(first.folder)/main.swift": "the teacher's runner",
            ".github/workflows/self-check.yml": "the teacher's workflow", "Tests/T/T.swift": "a test",
            "Package.swift": "the manifest", "docs/README.md": "the roadmap",
        ]
        for exercise in exercises {
            editionFiles["Sources/Starters/" + exercise.file] = "starter"
            try write("starter", to: edition.appending(path: "Sources/Exercises/" + exercise.file))
        }
        for (path, text) in editionFiles {
            try write(text, to: edition.appending(path: path))
            try write(text, to: student.appending(path: path))
        }
        for (path, text) in [
            "Sources/Exercises/" + first.file: "the student's answer",
            "Sources/ExerciseChecks/Check.swift": "a check that always passes",
            ".github/workflows/self-check.yml": "a workflow of their own", "Tests/T/Extra.swift": "added",
            ".github/workflows/autograde.yaml": "the workflow Classroom 50 adds, never named",
            "docs/README.md": "notes of their own",
        ] {
            try write(text, to: student.appending(path: path))
        }
        try FileManager.default.removeItem(
            at: student.appending(path: "Sources/CheckRunners/\(first.folder)/main.swift"))
        let workspace = GradingWorkspace(
            layout: Layout(
                root: edition, scratch: edition.appending(path: ".build"), configuration: "debug",
                products: edition.appending(path: ".build/debug")))

        let missing = try workspace.takeExerciseFiles(from: student)

        #expect(missing == Set(exercises.dropFirst().map(\.number)))
        #expect(
            try contents(edition.appending(path: "Sources/Exercises/" + first.file)) == "the student's answer"
        )
        #expect(
            try contents(edition.appending(path: "Sources/ExerciseChecks/Check.swift"))
                == "the teacher's check")
        #expect(
            changedEditionFiles(in: student, comparedWith: edition) == [
                "modified: .github/workflows/self-check.yml",
                "deleted: Sources/CheckRunners/\(first.folder)/main.swift",
                "modified: Sources/ExerciseChecks/Check.swift", "added: Tests/T/Extra.swift",
            ])
    }

    private func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    private func contents(_ file: URL) throws -> String {
        String(decoding: try Data(contentsOf: file), as: UTF8.self)
    }
}

/// A new folder under the temporary folder, removed with everything in it when this goes away.
final class TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appending(path: "workbook-test-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The journal that lets a stopped grading go on where it stopped.
@Suite("Teaching: going on where a grading stopped")
struct GradingJournalTests {
    @Test func aFinishedStudentKeepsTheirRowAndOneUnderWayIsNotGradedAgain() throws {
        let scratch = try TemporaryFolder()
        let file = scratch.url.appending(path: "grading/journal.json")
        let (ada, bo) = (scratch.url.appending(path: "ada"), scratch.url.appending(path: "bo"))
        var journal = GradingJournal(file: file)
        let row = StudentGrade(folder: "ada", outcomes: GradeTests.outcomes { _, _ in true })
        journal.record(ada, key: "a", grade: nil)
        journal.record(ada, key: "a", grade: row)
        journal.record(bo, key: "b", grade: nil)
        // The next run reads what this one saved, as a run after a killed one would.
        let next = GradingJournal(file: file)
        #expect(next.earlier(ada, key: "a")?.grade == row)
        let underWay = try #require(next.earlier(bo, key: "b"))
        #expect(underWay.grade == nil)
        #expect(next.earlier(ada, key: "changed") == nil, "a changed file or package grades afresh")
        var again = next
        again.forgetAll()
        #expect(GradingJournal(file: file).earlier(ada, key: "a") == nil)
    }

    @Test func theKeyChangesWithAStudentsFileAndWithThePackage() throws {
        let scratch = try TemporaryFolder()
        let student = scratch.url.appending(path: "ada")
        let workspace = scratch.url.appending(path: "workspace")
        let file = student.appending(path: "Sources/Exercises/" + exercises[0].file)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try Data("one".utf8).write(to: file)
        try Data("checks".utf8).write(to: workspace.appending(path: "Package.swift"))
        let first = GradingJournal.key(for: student, in: workspace, exercises: exercises)
        #expect(GradingJournal.key(for: student, in: workspace, exercises: exercises) == first)
        try Data("two".utf8).write(to: file)
        let second = GradingJournal.key(for: student, in: workspace, exercises: exercises)
        #expect(second != first)
        let build = workspace.appending(path: ".build/debug")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        try Data("a product".utf8).write(to: build.appending(path: "Runner"))
        #expect(
            GradingJournal.key(for: student, in: workspace, exercises: exercises) == second,
            "builds do not count")
        try Data("more checks".utf8).write(to: workspace.appending(path: "Sources.swift"))
        #expect(GradingJournal.key(for: student, in: workspace, exercises: exercises) != second)
    }
}
