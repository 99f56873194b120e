import ExerciseChecks
import ExerciseSupport

/// An answer a student might give to one exercise, kept so that `swift test` proves what the checks
/// make of it: a wrong answer fails exactly the checks in `rejections`, each measuring text that
/// contains the fragment given there; a right answer passes every check.
public struct AnswerVariant: Sendable, CustomStringConvertible {
    /// The exercise's number.
    public let exercise: Int
    /// The answer in a phrase, as a teacher would name the mistake (or the alternative).
    public let name: String
    /// The answer, bound to the exercise's code type as `CheckedCode.swift` binds a solution.
    public let code: any ExerciseCode
    /// Each check a wrong answer fails, by its sentence, with part of what that check measures.
    public let rejections: [String: String]

    /// A wrong answer and the checks that reject it.
    static func wrong(
        _ exercise: Int, _ name: String, _ code: any ExerciseCode, rejectedBy: [String: String]
    )
        -> AnswerVariant
    {
        precondition(!rejectedBy.isEmpty, "a wrong answer names the checks that reject it")
        return AnswerVariant(exercise: exercise, name: name, code: code, rejections: rejectedBy)
    }

    /// An alternative right answer, which passes every check.
    static func right(_ exercise: Int, _ name: String, _ code: any ExerciseCode) -> AnswerVariant {
        AnswerVariant(exercise: exercise, name: name, code: code, rejections: [:])
    }

    /// Whether every check should pass.
    public var isRight: Bool { rejections.isEmpty }

    public var description: String { "exercise \(exercise): \(name)" }
}

/// Every answer variant, exercise by exercise.
public let answerVariants: [AnswerVariant] =
    shareReplayingLatestVariants + validatedBodyVariants + loadUserVariants + retryWithinBudgetVariants
    + latestSearchVariants + profileScreenModelVariants + modifiedSinceLoaderVariants
    + wrapCompletionHandlerVariants + userListModelVariants
