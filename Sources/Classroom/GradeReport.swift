import CheckProcesses
import ExerciseCatalog
import Foundation
import Verdicts

/// One exercise's grade: the checks that passed out of its checks, and a note on what stopped it.
struct ExerciseGrade: Codable, Equatable, Sendable {
    let passed: Int
    let checks: Int
    /// Why the exercise did not score as usual, or nil when every check ran and reported.
    let note: ExerciseNote?

    /// The grade `outcome` gives; nil for an exercise whose file is missing.
    init(_ outcome: ExerciseOutcome?, checks: Int) {
        self.checks = checks
        guard let outcome else {
            (passed, note) = (0, .missing)
            return
        }
        guard outcome.buildFailure == nil else {
            (passed, note) = (0, .doesNotCompile)
            return
        }
        passed = outcome.results.filter(\.verdict.holds).count
        let endings = Set(outcome.results.map(\.ending))
        note =
            [
                (CheckEnding.refused, ExerciseNote.refused), (.crashed, .crashed),
                (.blockedMainThread, .blockedMainThread), (.hung, .hung),
                (.didNotFinish, .didNotFinish),
            ]
            .first { endings.contains($0.0) }?.1 ?? (passed == 0 ? .everyCheckFailed : nil)
    }

    init(passed: Int, checks: Int, note: ExerciseNote?) {
        (self.passed, self.checks, self.note) = (passed, checks, note)
    }

    /// Whether the exercise earns its points: every one of its checks passed.
    var solved: Bool { checks > 0 && passed == checks }
}

/// Why an exercise scored what it did, when something other than the checks' own verdicts decided.
enum ExerciseNote: String, Codable, Sendable, CaseIterable {
    case missing = "missing"
    case doesNotCompile = "does not compile"
    /// A check's process wrote what looks like a forged verdict, which was refused; it outranks the
    /// other notes, since a teacher should look at this code first.
    case refused = "output refused (forgery?)"
    /// A check's process was stopped by a signal.
    case crashed = "crashed"
    /// The code never returned in at least one check, or blocked the main thread.
    case hung = "hung"
    /// The main thread stopped answering in at least one check: the code blocked it.
    case blockedMainThread = "blocked the main thread"
    /// A check's process ended without the check's verdict: it exited early, or printed without end.
    case didNotFinish = "did not finish"
    /// Every check ran and reported, and none passed.
    case everyCheckFailed = "every check failed"
    /// This run graded other exercises only (`grade --exercise N`).
    case notGraded = "not graded"
    /// The file is the starter as handed out, whatever its checks' processes did: exercise 6's
    /// starter crashes by design, which is the task, not a crash of the student's.
    case unsolved = "unsolved (the starter)"
}

/// One student's grade: an exercise grade per exercise, and what else the teacher should know.
struct StudentGrade: Codable, Equatable, Sendable {
    /// The student's folder, as given on the command line.
    let folder: String
    /// One per exercise, in catalog order; empty for a folder that could not be graded.
    let exercises: [ExerciseGrade]
    /// Things to look at: why the folder could not be graded, or the edition's files it changed.
    var notes: [String]
    /// What each graded exercise's checks said, by exercise number, as `check` prints it: each
    /// check's verdict, or the compiler's errors.
    var details: [Int: String] = [:]

    /// The grade of a student's copy from the outcome of each exercise that has a file, among the
    /// exercises `graded` (all of them unless told).
    init(
        folder: String, outcomes: [ExerciseOutcome], graded: [Int] = ExerciseCatalog.exercises.map(\.number),
        untouched: Set<Int> = [], notes: [String] = []
    ) {
        self.folder = folder
        self.notes = notes
        exercises = ExerciseCatalog.exercises.map { exercise in
            guard graded.contains(exercise.number) else {
                return ExerciseGrade(passed: 0, checks: exercise.checks.count, note: .notGraded)
            }
            let grade = ExerciseGrade(
                outcomes.first { $0.exercise.number == exercise.number }, checks: exercise.checks.count)
            guard untouched.contains(exercise.number), !grade.solved else { return grade }
            return ExerciseGrade(passed: grade.passed, checks: grade.checks, note: .unsolved)
        }
    }

    /// The row of a folder that could not be graded, saying why.
    init(ungraded folder: String, because reason: String) {
        self.folder = folder
        exercises = []
        notes = [reason]
    }

    init(folder: String, exercises: [ExerciseGrade], notes: [String]) {
        (self.folder, self.exercises, self.notes) = (folder, exercises, notes)
    }

    /// The points the kits give for the same work: an exercise's points when all its checks pass.
    var points: Int {
        zip(exercises, exercisePoints()).reduce(0) { sum, pair in sum + (pair.0.solved ? pair.1 : 0) }
    }

    var passed: Int { exercises.map(\.passed).reduce(0, +) }
    var checks: Int { exercises.map(\.checks).reduce(0, +) }
}

/// The grades as CSV: a header, then a row per folder. For each exercise three columns, the checks
/// passed and the checks (numbers) and a note (text: why it scored 0, say); then the passed checks,
/// all checks and the points (numbers), and notes on the student's copy. No cell holds a number
/// with a slash, which a spreadsheet would read as a date; a folder that could not be graded has
/// empty number cells and says why in its notes.
///
/// When a folder among `classes` came from `gh teacher download`, two columns follow the student's:
/// the username, and the score Classroom 50 recorded for it (`score of max`, its newest row in that
/// download's `scores.csv`), so that the two can be read side by side.
func gradesCSV(_ grades: [StudentGrade], joining classes: [ClassFolder] = []) -> String {
    let joined = classes.contains { $0.download != nil }
    let header =
        ["student"] + (joined ? ["username", "classroom 50 score"] : [])
        + exercises.flatMap {
            ["exercise \($0.number) passed", "exercise \($0.number) checks", "exercise \($0.number) note"]
        }
        + ["passed", "checks", "points", "notes"]
    let rows = grades.map { grade in
        let cells =
            grade.exercises.isEmpty
            ? Array(repeating: "", count: exercises.count * 3 + 3)
            : grade.exercises.flatMap { ["\($0.passed)", "\($0.checks)", $0.note?.rawValue ?? ""] }
                + ["\(grade.passed)", "\(grade.checks)", "\(grade.points)"]
        let join =
            joined
            ? classes.lazy.compactMap { $0.download?.row(forStudentFolder: grade.folder) }.first ?? ["", ""]
            : []
        return [grade.folder] + join + cells + [grade.notes.joined(separator: "; ")]
    }
    return ([header] + rows).map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\n") + "\n"
}

/// One line for the terminal as each student is graded: each exercise's score, then the totals.
func gradeLine(_ grade: StudentGrade, style: TextStyle) -> String {
    guard !grade.exercises.isEmpty else {
        return "\(grade.folder)  " + style.red(grade.notes.joined(separator: "; "))
    }
    let scores = zip(exercises, grade.exercises).filter { $0.1.note != .notGraded }.map { exercise, scored in
        "\(exercise.number): \(scored.passed) of \(scored.checks)"
            + (scored.note.map { " (\($0.rawValue))" } ?? "")
    }
    return "\(grade.folder)  " + scores.joined(separator: "  ")
        + "  total \(grade.passed) of \(grade.checks), \(grade.points) points"
        + (grade.notes.isEmpty ? "" : "  " + style.red(grade.notes.joined(separator: "; ")))
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
private func csvField(_ text: String) -> String {
    guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
