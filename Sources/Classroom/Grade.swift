import CheckProcesses
import ChildProcesses
import ExerciseCatalog
import Foundation
import Quantities
import Verdicts

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `grade` is asked to do besides grading: where its reports go, and where it grades.
public struct GradeOptions: Equatable, Sendable {
    /// The CSV's path; nil writes it to standard output.
    public var csvPath: String?
    /// Grade this exercise alone; the run's exit status then says whether every folder passed it.
    public var exercise: Int?
    /// Where to write Gradescope's `results.json` for the one folder graded.
    public var gradescopeResults: String?
    /// Grade in this package itself rather than in a student edition under its build folder: for
    /// an assignment kit's own copy of the package, whose exercise files grading may replace.
    public var inPlace = false
    /// Grade every folder afresh, rather than going on where an earlier run stopped.
    public var again = false

    /// Makes options; the defaults grade every exercise of every folder into standard output, in a
    /// student edition, going on where an earlier run stopped.
    public init(
        csvPath: String? = nil, exercise: Int? = nil, gradescopeResults: String? = nil, inPlace: Bool = false,
        again: Bool = false
    ) {
        (self.csvPath, self.exercise, self.gradescopeResults, self.inPlace, self.again) = (
            csvPath, exercise, gradescopeResults, inPlace, again
        )
    }
}

/// Grades each student's copy in `folders`, a line per student in `style`, and writes the CSV to
/// `options.csvPath` (to standard output without one) after each student, so that a grading that
/// stops half-way keeps every row it finished. A class graded in the workspace under the build
/// folder goes on where an earlier run stopped (`GradingJournal`), unless `options.again`. A folder that `gh teacher download` wrote stands for
/// the students' folders in it, and its `scores.csv` is joined by username. A folder that is not a
/// copy of the workbook gets a row that says so.
///
/// Nothing of a student's copy is built or trusted but their exercise files: one grading
/// workspace, a student edition under this package's build folder (or, `inPlace`, this package),
/// is built once and kept between runs; for each student their exercise files are copied in,
/// built in one SwiftPM run (only what changed is rebuilt), and each exercise's checks run as
/// `check` runs them. The edition's other files a student changed are named in the row's notes.
///
/// Returns 0 when every row was written (with `options.exercise`, 1 when a folder did not pass that
/// exercise), 2 when grading could not run.
public func grade(
    _ folders: [URL], options: GradeOptions = GradeOptions(), layout: Layout, style: TextStyle
) async -> Int32 {
    guard let swift = CheckBuild.findSwift() else {
        complain("workbook: cannot find `swift` on PATH; grading builds each student's code with it")
        return 2
    }
    if let number = options.exercise, ExerciseCatalog.exercise(number) == nil {
        complain("workbook: there is no exercise \(number)")
        return 2
    }
    if options.inPlace,
        FileManager.default.fileExists(atPath: layout.root.appending(path: "Sources/Solutions").path)
    {
        complain(
            "workbook: --in-place replaces this package's own exercise files; it is for a kit's copy of the"
                + " student edition, not the full edition (leave it out to grade in a copy under .build)")
        return 2
    }
    let workspace: GradingWorkspace
    do {
        workspace =
            options.inPlace ? GradingWorkspace(layout: layout) : try GradingWorkspace.prepare(for: layout)
    } catch {
        complain("workbook: could not prepare the grading workspace: \(error.message)")
        return 2
    }
    // A kit grades one submission in its own throwaway copy, so it keeps no journal.
    var journal =
        options.inPlace || options.exercise != nil
        ? nil : GradingJournal(file: layout.scratch.appending(path: "grading/journal.json"))
    if options.again { journal?.forgetAll() }
    let classes = folders.map(ClassFolder.init)
    let students = classes.flatMap(\.students)
    say(
        style.dim(
            "Grading \(counted(students.count, "folder")) in \(layout.relative(workspace.root));"
                + " the first student builds it (minutes)."))
    var grades: [StudentGrade] = []
    for (index, folder) in students.enumerated() {
        if isatty(STDOUT_FILENO) == 1 {
            say(
                style.dim(
                    "[\(index + 1)/\(students.count)] \(folder.relativePath): building and checking…"))
        }
        let start = ContinuousClock.now
        let processorBefore = childProcessorTime()
        var grade: StudentGrade
        let key =
            journal.map { _ in GradingJournal.key(for: folder, in: workspace.root, exercises: exercises) }
            ?? ""
        if let reason = notAWorkbook(folder) {
            grade = StudentGrade(ungraded: folder.relativePath, because: reason)
        } else if let earlier = journal?.earlier(folder, key: key) {
            grade =
                earlier.grade
                ?? StudentGrade(
                    ungraded: folder.relativePath,
                    because:
                        "not graded: an earlier grading stopped while it graded this copy (did its code stop the grader?);"
                        + " `grade --again` grades it afresh")
            grade.notes.append("from an earlier run")
        } else {
            journal?.record(folder, key: key, grade: nil)
            do {
                grade = try await workspace.grade(
                    folder, as: folder.relativePath, only: options.exercise, swift: swift, style: style)
            } catch {
                grade = StudentGrade(
                    ungraded: folder.relativePath, because: "not graded: \(error.message)")
            }
            journal?.record(folder, key: key, grade: grade)
        }
        grades.append(grade)
        say(
            gradeLine(grade, style: style)
                + style.dim(
                    "  (\((ContinuousClock.now - start).inSeconds),"
                        + " \((childProcessorTime() - processorBefore).inSeconds) of processor time)"))
        if let path = options.csvPath,
            !writeReport(
                Data(gradesCSV(grades, joining: classes).utf8), named: "grades", to: path, quietly: true)
        {
            return 2
        }
    }
    if let path = options.gradescopeResults {
        guard let first = grades.first else { return 2 }
        guard writeReport(GradescopeResults(first).encoded(), named: "Gradescope results", to: path) else {
            return 2
        }
    }
    if let path = options.csvPath {
        say("grades written to \(path)")
    } else if options.exercise == nil && options.gradescopeResults == nil {
        say(gradesCSV(grades, joining: classes))
    }
    guard let number = options.exercise else { return 0 }
    return grades.allSatisfy { $0.exercises.indices.contains(number - 1) && $0.exercises[number - 1].solved }
        ? 0 : 1
}

/// Why `folder` is not a copy of the workbook to grade, or nil when it is one: a folder with
/// `Sources/Exercises`, or one holding an exercise's file by its name anywhere inside (a
/// submission of the answer files alone, as Gradescope takes an upload).
func notAWorkbook(_ folder: URL) -> String? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
        return "not a workbook: no such folder"
    }
    guard isFolder.boolValue else { return "not a workbook: not a folder" }
    let exercisesFolder = folder.appending(path: "Sources/Exercises").path
    if FileManager.default.fileExists(atPath: exercisesFolder, isDirectory: &isFolder), isFolder.boolValue {
        return nil
    }
    guard exercises.contains(where: { exerciseFile(of: $0, in: folder) != nil }) else {
        return "not a workbook: no Sources/Exercises folder, nor any exercise's file"
    }
    return nil
}

/// Where `folder` holds `exercise`'s file: at its place in the package, or else the one file of
/// that name anywhere in `folder` (outside hidden folders); nil when there is none, or several.
func exerciseFile(of exercise: Exercise, in folder: URL) -> URL? {
    let placed = folder.appending(path: "Sources/Exercises/" + exercise.file)
    if FileManager.default.fileExists(atPath: placed.path) { return placed }
    guard !FileManager.default.fileExists(atPath: folder.appending(path: "Sources/Exercises").path) else {
        return nil
    }
    let name = URL(filePath: exercise.file).lastPathComponent
    let found =
        FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: nil, options: .skipsHiddenFiles)?
        .compactMap { $0 as? URL }.filter { $0.lastPathComponent == name } ?? []
    return found.count == 1 ? found[0] : nil
}

/// The package that grading builds and checks students' exercise files in: a student edition of
/// this package in `.build/grading/workbook`, with a build folder of its own.
struct GradingWorkspace {
    let layout: Layout
    var root: URL { layout.root }

    /// Brings the workspace up to date with this package, rewriting only the files that differ,
    /// so that a build kept from an earlier run stays incremental.
    static func prepare(for layout: Layout) throws(StudentEditionProblem) -> GradingWorkspace {
        let grading = layout.scratch.appending(path: "grading")
        let fresh = grading.appending(path: "edition-\(UUID().uuidString)")
        let root = grading.appending(path: "workbook")
        try StudentEdition.write(from: layout.root, into: fresh)
        defer { try? FileManager.default.removeItem(at: fresh) }
        do {
            try synchronise(root, with: fresh)
        } catch {
            throw StudentEditionProblem("\(error.localizedDescription)")
        }
        return GradingWorkspace(
            layout: Layout(
                root: root, scratch: root.appending(path: ".build"), configuration: layout.configuration,
                products: root.appending(path: ".build/" + layout.configuration)))
    }

    /// Grades the exercise files in `folder` (only exercise `only`'s, when given): copies them in,
    /// builds, and checks them. A missing file scores nothing (the starter stands in for it, so that
    /// the workspace stays whole); one that does not compile scores nothing and costs nothing else.
    /// The checks, their runners and the manifest are always the workspace's own; those of
    /// `folder` are only compared with them.
    ///
    /// Each runner is the one this build made: its contents are fingerprinted once the build is
    /// done, before any student code runs, and compared before its exercise is checked (code of an
    /// earlier exercise could have replaced it), and its file is looked at again after (code of
    /// this exercise could have replaced it for its later checks). A runner replaced before is built
    /// again; one replaced during its exercise's checks voids them.
    func grade(
        _ folder: URL, as name: String, only: Int? = nil, swift: URL,
        style: TextStyle = TextStyle(enabled: false)
    ) async throws(StudentEditionProblem) -> StudentGrade {
        let chosen = exercises.filter { only == nil || $0.number == only }
        let missing = try takeExerciseFiles(from: folder, for: chosen)
        let built = await buildEverything(swift: swift, for: chosen)
        var fingerprints: [Int: RunnerFingerprint] = [:]
        for exercise in chosen where built.contains(exercise.number) {
            fingerprints[exercise.number] = RunnerFingerprint(
                of: CheckBuild(layout: layout, swift: swift, exercise: exercise).runner)
        }
        var outcomes: [ExerciseOutcome] = []
        var notes =
            FileManager.default.fileExists(atPath: folder.appending(path: "Package.swift").path)
            ? changedEditionFiles(in: folder, comparedWith: root)
            : ["the exercise files alone, not a package"]
        for exercise in chosen where !missing.contains(exercise.number) {
            let build = CheckBuild(layout: layout, swift: swift, exercise: exercise)
            var fingerprint = fingerprints[exercise.number]
            if let expected = fingerprint, RunnerFingerprint(of: build.runner) != expected {
                notes.append(
                    "exercise \(exercise.number)'s check runner was replaced before its checks (built again)")
                try? FileManager.default.removeItem(at: build.runner)
                fingerprint = nil
            }
            if fingerprint == nil {
                // Built alone, as `check` does, so that only this exercise's own errors can stop it.
                let log: String?
                do {
                    log = try await build.run()
                } catch {
                    throw StudentEditionProblem(
                        "could not start \(swift.path): \(error.localizedDescription)")
                }
                if let log {
                    outcomes.append(ExerciseOutcome(exercise: exercise, results: [], buildFailure: log))
                    continue
                }
                fingerprint = RunnerFingerprint(of: build.runner)
            }
            let printing = only != nil
            let finished: @Sendable (CheckResult) -> Void = { result in
                if printing { say(rendered(result, style: style)) }
            }
            // As root, the code under check runs as nobody: it can then neither end this process,
            // nor read its memory, nor write another exercise's runner.
            let checked = await checksOfItsOwnRunner(
                exercise, runner: build.runner, builtAs: fingerprint, environment: checkEnvironmentForGrading,
                finished: finished)
            if checked.replaced {
                notes.append("exercise \(exercise.number)'s check runner was replaced while it was checked")
            }
            outcomes.append(checked.outcome)
        }
        let untouched = chosen.filter { exercise in
            !missing.contains(exercise.number)
                && (try? Data(contentsOf: layout.exerciseFile(exercise)))
                    == (try? Data(contentsOf: layout.starterFile(exercise)))
        }
        var grade = StudentGrade(
            folder: name, outcomes: outcomes, graded: chosen.map(\.number),
            untouched: Set(untouched.map(\.number)),
            notes: notes)
        let plain = TextStyle(enabled: false)
        for outcome in outcomes {
            grade.details[outcome.exercise.number] =
                outcome.buildFailure
                ?? outcome.results.map { rendered($0, style: plain) }.joined(separator: "\n")
        }
        for number in missing {
            grade.details[number] = "Its file, Sources/Exercises/\(exercise(number)?.file ?? ""), is missing."
        }
        return grade
    }

    /// Copies the student's files of `chosen` from `folder` over the workspace's, the starter where
    /// one is missing, and returns the exercises whose file is missing. Nothing else is copied.
    func takeExerciseFiles(
        from folder: URL, for chosen: [Exercise] = exercises
    ) throws(StudentEditionProblem) -> Set<Int> {
        var missing: Set<Int> = []
        for exercise in chosen {
            let starter = (try? Data(contentsOf: layout.starterFile(exercise))) ?? Data()
            let theirs = exerciseFile(of: exercise, in: folder).flatMap { try? Data(contentsOf: $0) }
            if theirs == nil { missing.insert(exercise.number) }
            try replace(layout.exerciseFile(exercise), with: theirs ?? starter)
        }
        return missing
    }

    /// Builds every target of the workspace in one SwiftPM run, which costs one start-up and one
    /// plan instead of nine, and returns the exercises whose runner is now newer than the file it
    /// was built from. The others (a file that does not compile, or a build that stopped before
    /// reaching them) are then built alone.
    private func buildEverything(swift: URL, for chosen: [Exercise]) async -> Set<Int> {
        // One exercise is built alone anyway.
        guard chosen.count > 1 else { return [] }
        _ = try? await runChildProcess(
            swift,
            arguments: [
                "build", "--package-path", layout.root.path, "--scratch-path", layout.scratch.path,
                "--configuration", layout.configuration,
            ], environment: CheckBuild.learnerCopiesEnvironment)
        func modified(_ file: URL) -> Date? {
            (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        }
        return Set(
            chosen.filter { exercise in
                guard
                    let runner = modified(
                        CheckBuild(layout: layout, swift: swift, exercise: exercise).runner),
                    let source = modified(layout.exerciseFile(exercise))
                else { return false }
                return runner > source
            }.map(\.number))
    }

    private func replace(_ file: URL, with contents: Data) throws(StudentEditionProblem) {
        guard (try? Data(contentsOf: file)) != contents else { return }
        do {
            try contents.write(to: file)
        } catch {
            throw StudentEditionProblem("could not write \(file.path): \(error.localizedDescription)")
        }
    }
}

/// `exercise`'s checks run against `runner` as grading runs them, each in a process of its own.
func gradedOutcome(
    of exercise: Exercise, runner: URL, limits: ChildLimits = .check, environment: [String: String] = [:],
    sideBySide: Int = 3, finished: @Sendable (CheckResult) -> Void = { _ in }
) async -> ExerciseOutcome {
    let results = await runChecks(
        of: exercise, runner: runner, limits: limits, environment: environment, sideBySide: sideBySide,
        finished: finished)
    // What its checks' processes left running would otherwise outlive them, to tamper with the
    // exercises checked after (only in `workbook`, which is their reaper).
    endLeftoverChildren()
    return ExerciseOutcome(exercise: exercise, results: results, buildFailure: nil)
}

/// Makes the files of `target` (but its `.build` and `.workbook`) those of `source`: writes each
/// file whose contents differ, removes those `source` lacks, and leaves the rest untouched.
private func synchronise(_ target: URL, with source: URL) throws {
    let files = FileManager.default
    let wanted = Set(allPaths(in: source))
    for relative in allPaths(in: target) where !wanted.contains(relative) {
        guard !relative.hasPrefix(".build"), !relative.hasPrefix(".workbook") else { continue }
        try? files.removeItem(at: target.appending(path: relative))
    }
    for relative in wanted.sorted() {
        let from = source.appending(path: relative)
        let to = target.appending(path: relative)
        var isFolder: ObjCBool = false
        _ = files.fileExists(atPath: from.path, isDirectory: &isFolder)
        if isFolder.boolValue {
            try files.createDirectory(at: to, withIntermediateDirectories: true)
        } else if let data = try? Data(contentsOf: from), (try? Data(contentsOf: to)) != data {
            try files.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: to)
        }
    }
}

/// Every file and folder under `folder`, relative to it.
private func allPaths(in folder: URL) -> [String] {
    FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
}

/// The processor time, user and system, of every child process that has ended so far: what a
/// student's grading cost apart from how busy the machine was.
private func childProcessorTime() -> Duration {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    #else
        getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    func duration(_ time: timeval) -> Duration {
        .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
    }
    return duration(usage.ru_utime) + duration(usage.ru_stime)
}

/// `exercise`'s checks run against `runner`, each in a process of its own, and voided when the
/// runner's file is no longer the one `builtAs` fingerprinted: code under check that replaced its
/// own runner could have had a later check run the replacement, which no verdict can be told from.
/// `environment` is added to the check processes' own.
public func checksOfItsOwnRunner(
    _ exercise: Exercise, runner: URL, builtAs: RunnerFingerprint?, environment: [String: String] = [:],
    finished: @Sendable (CheckResult) -> Void
) async -> (outcome: ExerciseOutcome, replaced: Bool) {
    let outcome = await gradedOutcome(
        of: exercise, runner: runner, environment: environment, finished: finished)
    guard RunnerFingerprint(of: runner) != builtAs else { return (outcome, false) }
    let voided = ExerciseOutcome(
        exercise: exercise, results: outcome.results.map(\.voidedByAReplacedRunner), buildFailure: nil)
    return (voided, true)
}

extension CheckResult {
    /// This result, failed because the exercise's runner was replaced while its checks ran: a
    /// later check may have run the replacement, which no verdict of its can be told from.
    var voidedByAReplacedRunner: CheckResult {
        CheckResult(
            sentence: sentence, hint: hint,
            verdict: Verdict(
                expected: "the check's own runner", measured: "its check runner was replaced while it ran",
                holds: false), output: output, duration: duration, ending: .didNotFinish)
    }
}
