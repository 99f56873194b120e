import CheckProcesses
import ChildProcesses
import ExerciseChecks
import Foundation
import Harness
import Quantities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Grades each student's copy in `folders`, a line per student in `style`, and writes the CSV to
/// `csvPath` (to standard output without one). A folder that is not a copy of the workbook gets a
/// row that says so.
///
/// Nothing of a student's copy is built or trusted but their exercise files: one grading
/// workspace, a student edition under this package's build folder, is built once and kept
/// between runs; for each student their exercise files are copied in, built in one SwiftPM
/// run (only what changed is rebuilt), and each exercise's checks run as `check` runs them.
/// The edition's other files a student changed are named in the row's notes.
public func grade(_ folders: [URL], csvPath: String?, layout: Layout, style: TextStyle) async -> Int32 {
    guard let swift = CheckBuild.findSwift() else {
        complain("workbook: cannot find `swift` on PATH; grading builds each student's code with it")
        return 2
    }
    let workspace: GradingWorkspace
    do {
        workspace = try GradingWorkspace.prepare(for: layout)
    } catch {
        complain("workbook: could not prepare the grading workspace: \(error.message)")
        return 2
    }
    say(
        style.dim(
            "Grading \(counted(folders.count, "folder")) in \(layout.relative(workspace.root));"
                + " the first student builds it (minutes)."))
    var grades: [StudentGrade] = []
    for (index, folder) in folders.enumerated() {
        if isatty(STDOUT_FILENO) == 1 {
            say(
                style.dim(
                    "[\(index + 1)/\(folders.count)] \(folder.relativePath): building and checking…"))
        }
        let start = ContinuousClock.now
        let processorBefore = childProcessorTime()
        let grade: StudentGrade
        if let reason = notAWorkbook(folder) {
            grade = StudentGrade(ungraded: folder.relativePath, because: reason)
        } else {
            do {
                grade = try await workspace.grade(folder, as: folder.relativePath, swift: swift)
            } catch {
                grade = StudentGrade(
                    ungraded: folder.relativePath, because: "not graded: \(error.message)")
            }
        }
        grades.append(grade)
        say(
            gradeLine(grade, style: style)
                + style.dim(
                    "  (\((ContinuousClock.now - start).inSeconds),"
                        + " \((childProcessorTime() - processorBefore).inSeconds) of processor time)"))
    }
    let csv = gradesCSV(grades)
    guard let csvPath else {
        say(csv)
        return 0
    }
    return writeReport(Data(csv.utf8), named: "grades", to: csvPath) ? 0 : 2
}
/// Why `folder` is not a copy of the workbook to grade, or nil when it is one.
func notAWorkbook(_ folder: URL) -> String? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
        return "not a workbook: no such folder"
    }
    guard isFolder.boolValue else { return "not a workbook: not a folder" }
    let exercises = folder.appending(path: "Sources/Exercises").path
    guard FileManager.default.fileExists(atPath: exercises, isDirectory: &isFolder), isFolder.boolValue else {
        return "not a workbook: no Sources/Exercises folder"
    }
    return nil
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

    /// Grades the exercise files in `folder`: copies them in, builds, and checks them all. A missing
    /// file scores nothing (the starter stands in for it, so that the workspace stays whole); one
    /// that does not compile scores nothing and costs nothing else. The checks, their runners and
    /// the manifest are always the workspace's own; those of `folder` are only compared with them.
    func grade(_ folder: URL, as name: String, swift: URL) async throws(StudentEditionProblem) -> StudentGrade
    {
        let missing = try takeExerciseFiles(from: folder)
        let built = await buildEverything(swift: swift)
        var outcomes: [ExerciseOutcome] = []
        for exercise in exercises where !missing.contains(exercise.number) {
            let build = CheckBuild(layout: layout, swift: swift, exercise: exercise)
            if !built.contains(exercise.number) {
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
            }
            outcomes.append(await gradedOutcome(of: exercise, runner: build.runner))
        }
        return StudentGrade(
            folder: name, outcomes: outcomes, notes: changedEditionFiles(in: folder, comparedWith: root))
    }

    /// Copies the student's exercise files from `folder` over the workspace's, the starter where
    /// one is missing, and returns the exercises whose file is missing. Nothing else is copied.
    func takeExerciseFiles(from folder: URL) throws(StudentEditionProblem) -> Set<Int> {
        var missing: Set<Int> = []
        for exercise in exercises {
            let starter = (try? Data(contentsOf: layout.starterFile(exercise))) ?? Data()
            let theirs = try? Data(contentsOf: folder.appending(path: "Sources/Exercises/" + exercise.file))
            if theirs == nil { missing.insert(exercise.number) }
            try replace(layout.exerciseFile(exercise), with: theirs ?? starter)
        }
        return missing
    }

    /// Builds every target of the workspace in one SwiftPM run, which costs one start-up and one
    /// plan instead of nine, and returns the exercises whose runner is now newer than the file it
    /// was built from. The others (a file that does not compile, or a build that stopped before
    /// reaching them) are then built alone.
    private func buildEverything(swift: URL) async -> Set<Int> {
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
            exercises.filter { exercise in
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
    sideBySide: Int = 3
) async -> ExerciseOutcome {
    let results = await runChecks(
        of: exercise, runner: runner, limits: limits, environment: environment, sideBySide: sideBySide)
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
