import CheckProcesses
import ExerciseCatalog
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
    /// Whether the answer can only be proved in a check process of its own, as `workbook check`
    /// runs it: it ends the process, or never returns.
    public var needsAProcessOfItsOwn = false
    /// What its check processes' environment must hold besides the variant's name: to run as
    /// `nobody`, as `grade` runs them as root, say.
    public var checkEnvironment: [String: String] = [:]
    /// Whether it leaves a process running after its check process ended: only a child subreaper,
    /// as `workbook` is, ends that, so it is proved through `workbook` rather than in `swift test`.
    public var leavesAProcessRunning = false
    /// Whether its checks must run in a test process doing nothing else, as a check process does:
    /// they wait, each wait with a deadline, for the code's own tasks to take a key or send a
    /// request, and a test process busy with other tests can leave those tasks unrun for seconds
    /// (measured here: its two cooperative threads held in `fsync` by tests writing files). XCTest
    /// runs such variants before the rest of the suite starts (`AwaitedVariantTests`).
    public var needsAnIdleProcess = false

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

    /// A wrong answer that never returns from the code the checks call, failing each check in
    /// `rejectedBy` as a hang (or a blocked main thread) in a check process of its own.
    static func hanging(
        _ exercise: Int, _ name: String, _ code: any ExerciseCode, rejectedBy: [String: String]
    ) -> AnswerVariant {
        var variant = wrong(exercise, name, code, rejectedBy: rejectedBy)
        variant.needsAProcessOfItsOwn = true
        return variant
    }

    /// An answer that tries to pass by writing a verdict of its own and ending the check process:
    /// every check of its exercise fails, measuring `fragment` (`forgeryRejections` lists them).
    static func forging(
        _ exercise: Int, _ name: String, _ code: any ExerciseCode, measuring fragment: String
    ) -> AnswerVariant {
        precondition(forgeryRejections.contains(fragment), "a forgery fails as a forgery")
        return hanging(exercise, name, code, rejectedBy: everyCheck(of: exercise, measuring: fragment))
    }

    /// What a check measures of a forgery: a process that ended without a verdict, or one whose
    /// output the parent refused for the forged verdict lines it holds.
    public static let forgeryRejections = ["the check did not finish", "its output was refused"]

    /// Every check of `exercise`, each failing with a measurement that contains `fragment`.
    static func everyCheck(of exercise: Int, measuring fragment: String) -> [String: String] {
        let sentences = ExerciseCatalog.exercise(exercise)?.checks.map(\.sentence) ?? []
        return Dictionary(uniqueKeysWithValues: sentences.map { ($0, fragment) })
    }

    /// This variant, proved in a test process doing nothing else (see `needsAnIdleProcess`).
    var provedInAnIdleProcess: AnswerVariant {
        var variant = self
        variant.needsAnIdleProcess = true
        return variant
    }

    /// Whether every check should pass.
    public var isRight: Bool { rejections.isEmpty }

    /// The exercise's number and the variant's name, as a test's arguments show them.
    public var description: String { "exercise \(exercise): \(name)" }
}

/// Every answer variant, exercise by exercise.
public let answerVariants: [AnswerVariant] =
    shareReplayingLatestVariants + validatedBodyVariants + loadUserVariants + retryWithinBudgetVariants
    + latestSearchVariants + awaitedLatestSearchVariants + profileScreenModelVariants
    + modifiedSinceLoaderVariants
    + wrapCompletionHandlerVariants + userListModelVariants + forgeries + processAttacks
