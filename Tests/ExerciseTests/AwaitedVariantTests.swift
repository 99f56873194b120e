import AnswerVariants
import CheckProcesses
import ExerciseCatalog
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
    /// The variants, and the other form of the starter and the solution of each exercise they
    /// belong to, proved side by side: XCTest runs its test methods one after the other, and the rest
    /// of the suite waits for them.
    func testTheAsyncAnswersGoAsTheyShould() async throws {
        let variants = answerVariants.filter(\.needsAnIdleProcess)
        XCTAssertFalse(variants.isEmpty)
        let proofs = try otherFormProofs { number in variants.contains { $0.exercise == number } }
        XCTAssertEqual(proofs.map(\.name), ["the starter's other form 5", "the solution's other form 5"])
        async let wrongAndRight = withThrowingTaskGroup(of: (AnswerVariant, [String]).self) { group in
            for variant in variants {
                group.addTask { (variant, try await mismatches(of: variant)) }
            }
            var found: [(AnswerVariant, [String])] = []
            for try await result in group { found.append(result) }
            return found
        }
        async let otherForms = measuredFailures(of: proofs)
        let (found, measured) = try await (wrongAndRight, otherForms)
        XCTAssertEqual(found.count, variants.count)
        for (variant, mismatches) in found {
            XCTAssert(mismatches.isEmpty, "\(variant): \(mismatches.joined(separator: "; "))")
        }
        for (proof, failures) in zip(proofs, measured) {
            XCTAssertEqual(failures, proof.failures, "\(proof.name): \(proof.form)")
        }
    }
}

/// The promise of the proof tests, made of the form an exercise's file does not name, when the file
/// offers two: the starter fails the checks the proof lists for it, measuring the same, and the
/// solution passes every one.
struct OtherFormProof: Sendable {
    let name: String
    let form: String
    let exercise: Exercise
    let code: any ExerciseCode
    let failures: [String: String]
}

/// The other-form proofs of the starter and the solution of each exercise `including` takes, the
/// starters' first.
func otherFormProofs(including: (Int) -> Bool) throws -> [OtherFormProof] {
    var proofs: [OtherFormProof] = []
    for (edition, codes) in [
        ("starter", StarterCheckRunner.checkedCode), ("solution", SolutionCheckRunner.checkedCode),
    ] {
        for named in codes.compactMap({ $0 as? any AnswersInEitherForm }) {
            guard
                let exercise = exercises.first(where: { $0.measuredChecks[0].checkedForm(in: [named]) != nil }
                ),
                including(exercise.number), let other = named.otherForm
            else { continue }
            proofs.append(
                OtherFormProof(
                    name: "the \(edition)'s other form \(exercise.number)", form: other.checkedForm ?? "",
                    exercise: exercise, code: other,
                    failures: edition == "starter" ? ProofTests.starterFailures[exercise.number] ?? [:] : [:])
            )
        }
    }
    return proofs
}

/// What each proof's code measures on each check it fails, the proofs run at once.
func measuredFailures(of proofs: [OtherFormProof]) async throws -> [[String: String]] {
    try await withThrowingTaskGroup(of: (Int, [String: String]).self) { group in
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
        var measured = [[String: String]](repeating: [:], count: proofs.count)
        for try await (index, failures) in group { measured[index] = failures }
        return measured
    }
}

extension AnswersInEitherForm {
    /// The same file's code, with the form its file does not name checked instead.
    var otherForm: (any ExerciseCode)? {
        answered(in: form == .combine ? .async : .combine)
    }
}
