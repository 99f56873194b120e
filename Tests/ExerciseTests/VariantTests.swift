import AnswerVariants
import CheckProcesses
import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import Testing
import Verdicts

@testable import Classroom

/// The answer variants go the way they should: each wrong answer fails exactly the checks it is
/// kept for, each measuring what the variant says, and each right answer passes every check. And
/// the checks earn their place: every one of them rejects a wrong answer or the starter.
///
/// Exercise 6's checks need the main thread, which Swift Testing does not give; its variants are
/// proved in `ProfileScreenVariantTests`, an XCTest case, and the variants that need a process
/// doing nothing else in `AwaitedVariantTests`, another. Variants that end their process or never
/// return are proved as `workbook check` and `workbook grade` run them, each check in a process of
/// its own.
@Suite("Answer variants: wrong answers fail as intended, right ones pass")
struct VariantTests {
    @Test(
        arguments: answerVariants.filter {
            !needsTheMainThread($0) && !$0.needsAProcessOfItsOwn && !$0.needsAnIdleProcess
        })
    func theVariantFailsExactlyTheChecksItIsKeptFor(_ variant: AnswerVariant) async throws {
        let mismatches = try await mismatches(of: variant)
        #expect(mismatches.isEmpty, "\(variant): \(mismatches.joined(separator: "; "))")
    }

    /// A forgery fails every check as a check that did not finish, or whose output was refused for
    /// the forged verdict lines in it; a hang fails as a hang, within
    /// seconds, with the hint for what stood still. `check` runs the checks so, and `grade` too,
    /// which scores the exercise for the checks that passed and notes what stopped the others.
    @Test(
        arguments: answerVariants.filter { variant in
            // A scan of a sanitized check process's own memory runs past the limit, failing as a hang.
            variant.needsAProcessOfItsOwn && !variant.leavesAProcessRunning
                && !(underThreadSanitizer && variant.description.contains("in its own memory"))
        })
    func theVariantFailsInCheckProcessesOfItsOwnAndItsGradeSaysWhy(_ variant: AnswerVariant) async throws {
        let checked = try #require(exercise(variant.exercise))
        let outcome = await gradedOutcome(
            of: checked, runner: builtExecutable(named: "VariantCheckRunner"), limits: verdictLimits,
            environment: variant.checkEnvironment.merging(["WORKBOOK_ANSWER_VARIANT": variant.description]) {
                $1
            }, sideBySide: checked.checks.count)
        let mismatches = mismatches(of: variant, verdicts: outcome.results.map { ($0.sentence, $0.verdict) })
        #expect(mismatches.isEmpty, "\(variant): \(mismatches.joined(separator: "; "))")
        let forged = variant.rejections.values.first { AnswerVariant.forgeryRejections.contains($0) }
        let refused = forged == "its output was refused"
        for (check, result) in zip(checked.checks, outcome.results)
        where variant.rejections[check.sentence] != nil {
            let hint =
                forged != nil
                ? check.hint
                : result.verdict.measured.hasPrefix("blocked main thread")
                    ? Stall.mainThreadBlocked.hint : Stall.codeNeverReturned.hint
            let stalled: CheckEnding =
                result.verdict.measured.hasPrefix("blocked main thread") ? .blockedMainThread : .hung
            let ending: CheckEnding = forged == nil ? stalled : refused ? .refused : .didNotFinish
            #expect(result.ending == ending, "\(variant): \(check.sentence)")
            #expect(result.hint == hint, "\(variant): \(check.sentence)")
            // Refused or given up before the limit, never ended by it: a loaded machine may take long.
            #expect(
                result.duration < verdictTimeLimit, "\(variant): \(check.sentence) took \(result.duration)")
        }
        let grade = StudentGrade(folder: "class/student", outcomes: [outcome]).exercises[variant.exercise - 1]
        let blocked = outcome.results.contains { $0.ending == .blockedMainThread }
        #expect(
            grade
                == ExerciseGrade(
                    passed: checked.checks.count - variant.rejections.count, checks: checked.checks.count,
                    note: forged == nil
                        ? (blocked ? .blockedMainThread : .hung) : refused ? .refused : .didNotFinish))
    }

    @Test(arguments: exercises.map(\.number))
    func everyExerciseHasThreeWrongAnswers(exercise number: Int) {
        let wrong = answerVariants.filter { $0.exercise == number && !$0.isRight }
        #expect(wrong.count >= 3, "exercise \(number) has \(wrong.count) wrong answers")
    }

    @Test(arguments: exercises.map(\.number))
    func everyCheckRejectsTheStarterOrAWrongAnswer(exercise number: Int) throws {
        let exercise = try #require(exercises.first { $0.number == number })
        let rejecting =
            Set(ProofTests.starterFailures[number, default: [:]].keys)
            .union(answerVariants.filter { $0.exercise == number }.flatMap(\.rejections.keys))
        let idle = exercise.checks.map(\.sentence).filter { !rejecting.contains($0) }
        #expect(idle.isEmpty, "checks of exercise \(number) that reject nothing: \(idle)")
    }

    @Test func everyRejectionNamesACheckOfItsExercise() {
        for variant in answerVariants {
            let sentences = Set(exercise(variant.exercise)?.checks.map(\.sentence) ?? [])
            let unknown = variant.rejections.keys.filter { !sentences.contains($0) }
            #expect(unknown.isEmpty, "\(variant) names checks its exercise lacks: \(unknown)")
        }
    }
}

/// Whether `variant`'s checks must run where the main thread runs the main queue.
func needsTheMainThread(_ variant: AnswerVariant) -> Bool {
    exercise(variant.exercise)?.checksNeedTheMainThread ?? false
}

/// Each check of `variant`'s exercise run against it in a process of its own, by the check runner
/// built from the answer variants, as `workbook check` runs a student's.
func runChecks(of variant: AnswerVariant, limits: ChildLimits) async -> [CheckResult] {
    guard let exercise = exercise(variant.exercise) else { return [] }
    return await runChecks(
        of: exercise, runner: builtExecutable(named: "VariantCheckRunner"), limits: limits,
        environment: ["WORKBOOK_ANSWER_VARIANT": variant.description])
}

/// What is not as `variant` says: a check it should fail that passed, one it should pass that
/// failed, or a failure that measured something else. Empty when the variant goes as it should.
func mismatches(of variant: AnswerVariant, patience: Duration = verdictPatience) async throws -> [String] {
    guard let exercise = exercise(variant.exercise) else { return ["no exercise \(variant.exercise)"] }
    let verdicts = try await verdictsInThisProcess(of: exercise, against: [variant.code], patience: patience)
    return mismatches(of: variant, verdicts: zip(exercise.checks.map(\.sentence), verdicts).map { ($0, $1) })
}

/// What is not as `variant` says among `verdicts`, each check's sentence and verdict.
func mismatches(of variant: AnswerVariant, verdicts: [(String, Verdict)]) -> [String] {
    var mismatches: [String] = []
    for (sentence, verdict) in verdicts {
        switch (variant.rejections[sentence], verdict.holds) {
        case (nil, false):
            mismatches.append("“\(sentence)” failed, measuring \(verdict.measured)")
        case (let fragment?, true):
            mismatches.append("“\(sentence)” passed; expected it to fail with \(fragment)")
        case (let fragment?, false) where !verdict.measured.contains(fragment):
            mismatches.append("“\(sentence)” measured \(verdict.measured), not \(fragment)")
        default:
            break
        }
    }
    return mismatches
}
