import CheckProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import TestSupport
import Testing

@testable import Classroom

/// `docs/teaching.md` says what the code does: each exercise's checks and points in its table, the
/// checks in all, and a sample of the CSV that `grade` writes, which is made here from the code.
/// The student edition has no teacher's guide, and leaves this test out with it, as it does every
/// test that names a Solution.
@Suite("Teaching: the guide matches the code")
struct TeachingGuideTests {
    private let guide: String

    init() throws {
        guide = try String(contentsOf: packageRoot.appending(path: "docs/teaching.md"), encoding: .utf8)
    }

    @Test func theTableGivesEachExercisesChecksAndPoints() {
        let rows = guide.split(separator: "\n").compactMap { line -> (Int, Int, Int)? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let number = Int(cells[0]), let checks = Int(cells[2]),
                let points = Int(cells[3])
            else { return nil }
            return (number, checks, points)
        }
        #expect(rows.map(\.0) == exercises.map(\.number))
        #expect(rows.map(\.1) == exercises.map(\.checks.count))
        #expect(rows.map(\.2) == exercisePoints())
    }

    @Test func theChecksInAllAreTheCodes() {
        let total = exercises.map(\.checks.count).reduce(0, +)
        #expect(guide.contains("\(total) checks in all"))
    }

    @Test func theSampleCSVIsWhatGradeWrites() throws {
        let sample = try #require(
            guide.firstMatch(of: /```csv\n((?s).*?)```/).map { String($0.output.1) }, "no csv block")
        #expect(sample == gradesCSV(Self.sampleClass))
    }

    /// The guide's sample class: Ada solved all but exercise 3, which does not compile, and one
    /// check of exercise 5, which hung; Bo's exercise 2 forged a verdict, and Bo edited its
    /// checks; `grades.csv` from an earlier run was picked up by `class/*`.
    static let sampleClass: [StudentGrade] = [
        StudentGrade(
            folder: "class/ada",
            outcomes: GradeTests.outcomes { _, _ in true }.map { outcome in
                switch outcome.exercise.number {
                case 3: ExerciseOutcome(exercise: outcome.exercise, results: [], buildFailure: "error")
                case 5:
                    GradeTests.outcome(outcome.exercise) { $0 == 3 ? .ended(.hung) : .finished(holds: true) }
                default: outcome
                }
            }),
        StudentGrade(
            folder: "class/bo",
            outcomes: GradeTests.outcomes { exercise, _ in exercise.number != 2 }.map { outcome in
                outcome.exercise.number == 2
                    ? GradeTests.outcome(outcome.exercise) { _ in .ended(.refused) } : outcome
            }, notes: ["modified: Sources/ExerciseChecks/02-ValidatedBody.swift"]),
        StudentGrade(ungraded: "class/grades.csv", because: "not a workbook: not a folder"),
    ]
}
