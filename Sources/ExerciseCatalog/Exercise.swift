/// One chapter's exercise as a learner and a grader meet it: the file to edit, the task, a hint,
/// and what each check expects.
///
/// This is all `workbook` needs to start an exercise's checks and report on them. What each check
/// measures lives beside it in `ExerciseChecks`, which only the check processes link, so the
/// learner's runner builds without the lab, the server or Combine.
public struct Exercise: Sendable {
    /// The chapter's number, which is also the exercise's.
    public let number: Int
    /// The chapter's executable, as in `swift run ColdPublishers`.
    public let chapter: String
    /// The exercise's one name: its folder is `NN-Name`, the file the student edits `Name.swift`,
    /// its entry here `ExerciseCatalog/NN-Name.swift` (`Exercise.name` in lower camel case), its
    /// checks `ExerciseChecks/NN-Name.swift`, its code type `NameCode` (the layout tests hold every
    /// exercise to this).
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
    /// The checks, in the order they run and are reported.
    public let checks: [Check]

    /// The exercise's folder, `NN-Name`, in `Sources/Exercises`, `Sources/Starters` and
    /// `Sources/Solutions` alike.
    public var folder: String { "\(number < 10 ? "0" : "")\(number)-\(name)" }

    /// The file the student edits, relative to `Sources/Exercises` (and to the mirrors).
    public var file: String { "\(folder)/\(name).swift" }

    /// An exercise with these fields; see each property for what it holds.
    public init(
        number: Int, chapter: String, name: String, task: String, hint: String,
        checksNeedTheMainThread: Bool = false, checks: [Check]
    ) {
        self.number = number
        self.chapter = chapter
        self.name = name
        self.task = task
        self.hint = hint
        self.checksNeedTheMainThread = checksNeedTheMainThread
        self.checks = checks
    }
}

/// What one check of an exercise expects, and where to look when it fails.
public struct Check: Sendable, Equatable {
    /// What the check expects of the code, in a sentence: the report row and the JUnit test name.
    public let sentence: String
    /// What to look at when this check fails.
    public let hint: String

    /// A check expecting `sentence`, with `hint` for when it fails.
    public init(_ sentence: String, hint: String) {
        self.sentence = sentence
        self.hint = hint
    }
}
