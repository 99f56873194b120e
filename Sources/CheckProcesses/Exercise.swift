import Harness
import LoopbackLab
import Verdicts

/// The code one exercise asks for, in the shape its checks call it.
///
/// Each exercise declares one such type beside its checks; the check runners in
/// `Sources/CheckRunners` build one value of it from the functions of the exercise's module, which
/// is how the same checks run against the student's code, the untouched starter and the reference.
public protocol ExerciseCode: Sendable {
    /// Which of its forms the checks run against, in words a learner reads before the results
    /// (`the async loadUser(from:session:), as loadUserForm says`), for an exercise whose file
    /// offers more than one; nil for an exercise with one.
    var checkedForm: String? { get }
}

extension ExerciseCode {
    public var checkedForm: String? { nil }
}

/// One chapter's exercise: what to edit, what to do, and the checks that say whether it is done.
public struct Exercise: Sendable {
    /// The chapter's number, which is also the exercise's.
    public let number: Int
    /// The chapter's executable, as in `swift run ColdPublishers`.
    public let chapter: String
    /// The exercise's one name: its folder is `NN-Name`, the file the student edits `Name.swift`,
    /// its checks `ExerciseChecks/NN-Name.swift`, its code type `NameCode` (the layout tests hold
    /// every exercise to this).
    public let name: String
    /// The task in a sentence.
    public let task: String
    /// What `workbook hint` prints: a nudge towards the answer, not the answer.
    public let hint: String
    /// Whether the checks need work sent to the main queue to run on the main thread (a
    /// main-actor view model's does). Only a process whose main thread runs the main run loop
    /// gives them that, as `workbook check`'s check processes do; a test process may not (Swift
    /// Testing never drains the main queue), so such checks are proved in child processes.
    public let checksNeedTheMainThread: Bool
    public let checks: [Check]

    /// The exercise's folder, `NN-Name`, in `Sources/Exercises`, `Sources/Starters` and
    /// `Sources/Solutions` alike.
    public var folder: String { "\(number < 10 ? "0" : "")\(number)-\(name)" }

    /// The file the student edits, relative to `Sources/Exercises` (and to the mirrors).
    public var file: String { "\(folder)/\(name).swift" }

    public init<Code: ExerciseCode>(
        number: Int, chapter: String, name: String, task: String, hint: String, code: Code.Type,
        checksNeedTheMainThread: Bool = false, checks: [CheckOf<Code>]
    ) {
        self.number = number
        self.chapter = chapter
        self.name = name
        self.task = task
        self.hint = hint
        self.checksNeedTheMainThread = checksNeedTheMainThread
        self.checks = checks.map { $0.erased }
    }
}

/// One check of an exercise, ready to run against any module's `checkedCode`.
public struct Check: Sendable {
    /// What the check expects of the code, in a sentence: the report row and the JUnit test name.
    public let sentence: String
    /// What to look at when this check fails.
    public let hint: String
    fileprivate let measure: @Sendable ([any ExerciseCode], Lab) async -> Verdict
    fileprivate let form: @Sendable ([any ExerciseCode]) -> String?

    /// Which form of the code among `codes` this check runs against, when its exercise offers more
    /// than one (see `ExerciseCode.checkedForm`).
    public func checkedForm(in codes: [any ExerciseCode]) -> String? {
        form(codes)
    }

    /// Measures the check against a fresh lab and the code in `codes`.
    public func run(against codes: [any ExerciseCode]) async throws -> Verdict {
        try await run(against: codes, watch: nil)
    }

    /// Measures the check as above, with `watch` watching the lab's sessions' callback queues.
    func run(against codes: [any ExerciseCode], watch: StallWatch?) async throws -> Verdict {
        let lab = try await Lab.open()
        defer { lab.close() }
        watch?.watch(lab.session)
        watch?.watch(lab.impatientSession)
        return await measure(codes, lab)
    }
}

/// A check written against one exercise's code type.
public struct CheckOf<Code: ExerciseCode>: Sendable {
    let sentence: String
    let hint: String
    let measure: @Sendable (Code, Lab) async -> Verdict

    /// A check that measures `measure` and passes when its finding holds.
    public init<Value>(
        _ sentence: String, hint: String, _ measure: @escaping @Sendable (Code, Lab) async -> Finding<Value>
    ) {
        self.sentence = sentence
        self.hint = hint
        self.measure = { code, lab in await measure(code, lab).verdict }
    }

    fileprivate var erased: Check {
        Check(
            sentence: sentence, hint: hint,
            measure: { codes, lab in
                guard let code = codes.lazy.compactMap({ $0 as? Code }).first else {
                    return Verdict(
                        expected: "a \(Code.self) in this check runner",
                        measured: "none: the checks cannot find this exercise's code", holds: false)
                }
                return await measure(code, lab)
            }, form: { codes in codes.lazy.compactMap({ $0 as? Code }).first?.checkedForm })
    }
}
