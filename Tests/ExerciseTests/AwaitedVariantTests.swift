import AnswerVariants
import CheckProcesses
import ExerciseChecks
import ExerciseSupport
import SolutionCheckRunner
import StarterCheckRunner
import XCTest

/// The `async` answers whose checks wait on the answer's own tasks, proved in a test process doing
/// nothing else, as a check process is: XCTest runs these before the rest of the suite starts.
/// Later, beside a thousand other tests, the process's cooperative threads can be held for seconds
/// by tests that write files (measured here: both in `fsync`), and a check that gives an answer's
/// task a deadline to take a key would measure that wait instead of the answer.
///
/// The answers are proved at once, each check against a lab of its own, so the slowest check sets
/// the time.
final class AwaitedVariantTests: XCTestCase {
    /// The variants and the other forms, proved side by side: XCTest runs its test methods one
    /// after the other, and the rest of the suite waits for them.
    func testTheAsyncAnswersGoAsTheyShould() async throws {
        async let variants: Void = Self.proveEachVariantNeedingAnIdleProcess()
        async let otherForms: Void = Self.proveTheOtherFormOfEachFileWithTwo()
        _ = try await (variants, otherForms)
    }

    /// Each wrong answer fails exactly the checks it is kept for, measuring what it says; each right
    /// one passes every check.
    private static func proveEachVariantNeedingAnIdleProcess() async throws {
        let variants = answerVariants.filter(\.needsAnIdleProcess)
        XCTAssertFalse(variants.isEmpty)
        let found = try await withThrowingTaskGroup(of: (AnswerVariant, [String]).self) { group in
            for variant in variants {
                group.addTask { (variant, try await mismatches(of: variant)) }
            }
            var found: [(AnswerVariant, [String])] = []
            for try await result in group { found.append(result) }
            return found
        }
        XCTAssertEqual(found.count, variants.count)
        for (variant, mismatches) in found {
            XCTAssert(mismatches.isEmpty, "\(variant): \(mismatches.joined(separator: "; "))")
        }
    }

    /// An exercise whose file offers both forms makes the same promise of each: the starter fails
    /// the same checks in the form its file does not name, measuring the same, and the solution
    /// passes every one. (`ProofTests` checks the form the files name.) They are proved at once.
    private static func proveTheOtherFormOfEachFileWithTwo() async throws {
        var proofs: [(name: String, exercise: Exercise, code: any ExerciseCode, failures: [String: String])] =
            []
        for (edition, codes) in [
            ("starter", StarterCheckRunner.checkedCode), ("solution", SolutionCheckRunner.checkedCode),
        ] {
            for named in codes.compactMap({ $0 as? any AnswersInEitherForm }) {
                let exercise = try XCTUnwrap(exercises.first { $0.checks[0].checkedForm(in: [named]) != nil })
                let other = try XCTUnwrap(named.otherForm)
                proofs.append(
                    (
                        "the \(edition)'s \(try XCTUnwrap(other.checkedForm))", exercise, other,
                        edition == "starter" ? ProofTests.starterFailures[exercise.number] ?? [:] : [:]
                    ))
            }
        }
        XCTAssertEqual(proofs.map { "\($0.exercise.number)" }, ["3", "5", "3", "5"])
        let measured = try await withThrowingTaskGroup(of: (Int, [String: String]).self) { group in
            for (index, proof) in proofs.enumerated() {
                group.addTask {
                    let verdicts = try await verdictsInThisProcess(of: proof.exercise, against: [proof.code])
                    var failures: [String: String] = [:]
                    for (check, verdict) in zip(proof.exercise.checks, verdicts) where !verdict.holds {
                        failures[check.sentence] = verdict.measured
                    }
                    return (index, failures)
                }
            }
            var measured: [Int: [String: String]] = [:]
            for try await (index, failures) in group { measured[index] = failures }
            return measured
        }
        for (index, proof) in proofs.enumerated() {
            XCTAssertEqual(measured[index], proof.failures, proof.name)
        }
    }
}

extension AnswersInEitherForm {
    /// The same file's code, with the form its file does not name checked instead.
    var otherForm: (any ExerciseCode)? {
        answered(in: form == .combine ? .async : .combine)
    }
}
