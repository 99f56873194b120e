import ExerciseChecks
import Foundation
import Harness
import Testing

@testable import WorkbookCommand

/// What `workbook grade` makes of each student's results, and the CSV it writes. Grading real
/// copies builds a package, which takes minutes: `scripts/measure-class-grading` does that.
@Suite("Teaching: grading a class")
struct GradeTests {
    /// An outcome per exercise whose checks passed as `passed` says.
    private func outcomes(_ passed: (Exercise, Int) -> Bool) -> [ExerciseOutcome] {
        exercises.map { exercise in
            let results = exercise.checks.enumerated().map { index, check in
                CheckResult(
                    sentence: check.sentence, hint: check.hint,
                    verdict: Verdict(expected: "", measured: "", holds: passed(exercise, index)), output: [],
                    duration: .zero)
            }
            return ExerciseOutcome(exercise: exercise, results: results, buildFailure: nil)
        }
    }

    @Test func eachExerciseScoresTheChecksThatPassedOutOfThoseRun() {
        let grade = StudentGrade(
            folder: "ada",
            outcomes: outcomes { exercise, index in !(exercise.number == 1 && index > 0) })
        #expect(grade.scores[0] == (1, exercises[0].checks.count))
        #expect(grade.scores.dropFirst().allSatisfy { $0.passed == $0.run })
        let checks = exercises.map(\.checks.count).reduce(0, +)
        #expect(grade.total == (checks - exercises[0].checks.count + 1, checks))
        #expect(grade.points == 100 - classroomPoints()[0])
    }

    @Test func anExerciseThatDidNotCompileScoresNothingAndCostsOnlyItself() {
        let broken = outcomes { _, _ in true }.map { outcome in
            outcome.exercise.number == 3
                ? ExerciseOutcome(exercise: outcome.exercise, results: [], buildFailure: "error: oops")
                : outcome
        }
        let grade = StudentGrade(folder: "bo", outcomes: broken)
        #expect(grade.scores[2] == (0, exercises[2].checks.count))
        #expect(grade.points == 100 - classroomPoints()[2])
    }

    @Test func theClassroomPointsAddUpTo100() {
        #expect(classroomPoints().reduce(0, +) == 100)
        #expect(classroomPoints().count == exercises.count)
        #expect(Set(classroomPoints()).isSubset(of: [100 / exercises.count, 100 / exercises.count + 1]))
    }

    @Test func theCSVHasAHeaderAndARowPerStudentQuotedWhereItMustBe() {
        let grades = [
            StudentGrade(folder: "class/ada", outcomes: outcomes { _, _ in true }),
            StudentGrade(folder: "class/bo, \"b\"", outcomes: outcomes { _, _ in false }),
        ]
        let lines = gradesCSV(grades).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(
            lines[0] == "student," + exercises.map { "exercise \($0.number)" }.joined(separator: ",")
                + ",total,points")
        let counts = exercises.map(\.checks.count)
        let total = counts.reduce(0, +)
        #expect(
            lines[1] == "class/ada," + counts.map { "\($0)/\($0)" }.joined(separator: ",")
                + ",\(total)/\(total),100")
        #expect(
            lines[2] == "\"class/bo, \"\"b\"\"\"," + counts.map { "0/\($0)" }.joined(separator: ",")
                + ",0/\(total),0")
        #expect(lines[3] == "")
    }
}
