import ExerciseChecks
import Foundation
import Testing

@testable import WorkbookCommand

/// What `workbook grade` makes of each student's results, and the CSV it writes. Grading real
/// copies builds a package, which takes minutes: `scripts/measure-class-grading` does that.
@Suite("Teaching: grading a class")
struct GradeTests {
    private func results(_ status: (Exercise, Int) -> ExercismResults.Status) -> ExercismResults {
        let tests = exercises.flatMap { exercise in
            exercise.checks.indices.map { index in
                ExercismResults.Test(
                    name: "\(index)", status: status(exercise, index), taskID: exercise.number)
            }
        }
        return ExercismResults(status: .fail, tests: tests)
    }

    @Test func eachExerciseScoresTheChecksThatPassedOutOfThoseRun() {
        let grade = StudentGrade(
            folder: "ada",
            results: results { exercise, index in exercise.number == 1 && index > 0 ? .fail : .pass })
        #expect(grade.scores[0] == (1, exercises[0].checks.count))
        #expect(grade.scores.dropFirst().allSatisfy { $0.passed == $0.run })
        let checks = exercises.map(\.checks.count).reduce(0, +)
        #expect(grade.total == (checks - exercises[0].checks.count + 1, checks))
        #expect(grade.points == 100 - classroomPoints()[0])
    }

    @Test func anExerciseThatDidNotCompileScoresNothingAndCostsOnlyItself() {
        let grade = StudentGrade(
            folder: "bo", results: results { exercise, _ in exercise.number == 3 ? .error : .pass })
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
            StudentGrade(folder: "class/ada", results: results { _, _ in .pass }),
            StudentGrade(folder: "class/bo, \"b\"", results: results { _, _ in .fail }),
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
