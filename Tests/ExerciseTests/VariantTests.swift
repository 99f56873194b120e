import AnswerVariants
import ExerciseChecks
import Testing

/// The answer variants go the way they should: each wrong answer fails exactly the checks it is
/// kept for, each measuring what the variant says, and each right answer passes every check. And
/// the checks earn their place: every one of them rejects a wrong answer or the starter.
///
/// Exercise 6's checks need the main thread, which Swift Testing does not give; its variants are
/// proved in `ProfileScreenVariantTests`, an XCTest case.
@Suite("Answer variants: wrong answers fail as intended, right ones pass")
struct VariantTests {
    @Test(arguments: answerVariants.filter { !needsTheMainThread($0) })
    func theVariantFailsExactlyTheChecksItIsKeptFor(_ variant: AnswerVariant) async throws {
        let mismatches = try await mismatches(of: variant)
        #expect(mismatches.isEmpty, "\(variant): \(mismatches.joined(separator: "; "))")
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

/// What is not as `variant` says: a check it should fail that passed, one it should pass that
/// failed, or a failure that measured something else. Empty when the variant goes as it should.
func mismatches(of variant: AnswerVariant) async throws -> [String] {
    guard let exercise = exercise(variant.exercise) else { return ["no exercise \(variant.exercise)"] }
    var mismatches: [String] = []
    let verdicts = try await verdictsInThisProcess(of: exercise, against: [variant.code])
    for (check, verdict) in zip(exercise.checks, verdicts) {
        switch (variant.rejections[check.sentence], verdict.holds) {
        case (nil, false):
            mismatches.append("“\(check.sentence)” failed, measuring \(verdict.measured)")
        case (let fragment?, true):
            mismatches.append("“\(check.sentence)” passed; expected it to fail with \(fragment)")
        case (let fragment?, false) where !verdict.measured.contains(fragment):
            mismatches.append("“\(check.sentence)” measured \(verdict.measured), not \(fragment)")
        default:
            break
        }
    }
    return mismatches
}
