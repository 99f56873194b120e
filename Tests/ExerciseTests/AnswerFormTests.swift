import CheckProcesses
import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import ExerciseSupport
import Foundation
import Harness
import SolutionCheckRunner
import Testing
import Verdicts

@testable import WorkbookCommand

/// An exercise whose file offers the publisher and the `async` function runs its checks against the
/// one the file names, and `workbook check` says which, before the results: each check's process
/// reports the form it ran against under the verdict's seal.
@Suite("Exercises in either form: the checks say which form they ran")
struct AnswerFormTests {
    @Test func eachCheckProcessReportsTheFormTheFileNames() async throws {
        let exercise = try #require(exercises.first { $0.number == 5 })
        let results = await runChecks(
            of: exercise, runner: builtExecutable(named: "SolutionCheckRunner"), limits: verdictLimits)
        #expect(
            results.map(\.checkedForm)
                == Array(
                    repeating: "the Combine latestResults(for:from:scheduler:), as searchForm says",
                    count: exercise.checks.count))
        #expect(results.allSatisfy { $0.verdict.holds })
    }

    @Test func anExerciseWithOneFormNamesNone() throws {
        let oneForm = exercises.filter { ![3, 5].contains($0.number) }
        #expect(oneForm.count == exercises.count - 2)
        for exercise in oneForm {
            let check = try #require(
                exercise.measuredChecks.first, "exercise \(exercise.number) measures nothing")
            #expect(check.checkedForm(in: SolutionCheckRunner.checkedCode) == nil, "\(exercise.number)")
        }
    }

    /// What each exercise in either form says it checked, in the form its file names and in the other.
    @Test func theFormNamesTheFunctionAndWhereTheChoiceIsMade() throws {
        let named = SolutionCheckRunner.checkedCode.compactMap { $0 as? any AnswersInEitherForm }
        var forms: [String] = []
        for code in named {
            forms.append(try #require(code.checkedForm))
            forms.append(try #require(code.otherForm?.checkedForm))
        }
        #expect(
            forms == [
                "the Combine loadUser(from:session:), as loadUserForm says",
                "the async loadUser(from:session:), as loadUserForm says",
                "the Combine latestResults(for:from:scheduler:), as searchForm says",
                "the async latestResults(for:from:clock:), as searchForm says",
            ])
    }

    @Test func theRunnerSaysTheFormBeforeTheResults() {
        let line = Commands.formLine(
            "the async loadUser(from:session:), as loadUserForm says", style: TextStyle(enabled: false))
        #expect(line == "Checking the async loadUser(from:session:), as loadUserForm says.")
    }
}
