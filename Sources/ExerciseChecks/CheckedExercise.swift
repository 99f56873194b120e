import CheckProcesses
import ExerciseCatalog
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
    /// An exercise with one form of answer names none.
    public var checkedForm: String? { nil }
}

/// An exercise of the catalog with what each of its checks measures: the catalog's checks bound,
/// in order, to the measures written beside them.
public struct CheckedExercise: Sendable {
    /// The exercise, as the catalog describes it.
    public let exercise: Exercise
    /// Its checks, ready to run, in the catalog's order.
    public let checks: [MeasuredCheck]

    /// Binds `exercise`'s checks, in order, to `measures`, one a check, each written against
    /// `Code`. A test holds every exercise to one measure a check.
    public init<Code: ExerciseCode>(_ exercise: Exercise, code: Code.Type, measures: [CheckOf<Code>]) {
        precondition(
            measures.count == exercise.checks.count,
            "exercise \(exercise.number) has \(exercise.checks.count) checks and \(measures.count) measures")
        self.exercise = exercise
        self.checks = zip(exercise.checks, measures).map { check, measure in
            MeasuredCheck(check: check, measure: measure)
        }
    }
}

/// One check of an exercise, ready to run against any module's `checkedCode`.
public struct MeasuredCheck: Sendable {
    /// What the check expects, as the catalog says it.
    public let check: Check
    fileprivate let measure: @Sendable ([any ExerciseCode], Lab) async -> Verdict
    fileprivate let form: @Sendable ([any ExerciseCode]) -> String?

    fileprivate init<Code: ExerciseCode>(check: Check, measure: CheckOf<Code>) {
        self.check = check
        self.measure = { codes, lab in
            guard let code = codes.lazy.compactMap({ $0 as? Code }).first else {
                return Verdict(
                    expected: "a \(Code.self) in this check runner",
                    measured: "none: the checks cannot find this exercise's code", holds: false)
            }
            return await measure.measure(code, lab)
        }
        self.form = { codes in codes.lazy.compactMap({ $0 as? Code }).first?.checkedForm }
    }

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

/// What one check measures, written against one exercise's code type: the check passes when the
/// finding holds.
public struct CheckOf<Code: ExerciseCode>: Sendable {
    fileprivate let measure: @Sendable (Code, Lab) async -> Verdict

    /// The check that measures `measure`.
    public init<Value>(_ measure: @escaping @Sendable (Code, Lab) async -> Finding<Value>) {
        self.measure = { code, lab in await measure(code, lab).verdict }
    }
}

extension Exercise {
    /// This exercise's checks, ready to run.
    public var measuredChecks: [MeasuredCheck] {
        checkedExercises.first { $0.exercise.number == number }?.checks ?? []
    }
}
