import CheckProcesses
import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Testing

@testable import Classroom

#if canImport(Glibc)
    import Glibc
#endif

/// `grade`, run as root, has each check process give up root before the code under check runs.
/// The checks must still measure what they measure then: the reference solutions pass every one.
@Suite("Workbook: check processes that run as nobody")
struct RunAsNobodyTests {
    @Test(.enabled(if: geteuid() == 0, "only root can become nobody"), arguments: exercises.map(\.number))
    func theSolutionPassesEveryCheckAsNobody(exercise number: Int) async throws {
        let checked = try #require(exercise(number))
        let outcome = await gradedOutcome(
            of: checked, runner: builtExecutable(named: "SolutionCheckRunner"), limits: verdictLimits,
            environment: [checkAsNobodyVariable: "1"])
        #expect(outcome.results.count == checked.checks.count)
        for result in outcome.results {
            #expect(
                result.verdict.holds,
                "\(result.sentence): measured \(result.verdict.measured); \(result.output.joined(separator: "\n"))"
            )
        }
    }

    @Test func gradingAsRootAsksForNobodyAndOtherwiseForNothing() {
        #expect(checkEnvironmentForGrading == (geteuid() == 0 ? [checkAsNobodyVariable: "1"] : [:]))
    }
}
