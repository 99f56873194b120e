import ChildProcesses
import ExerciseChecks
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One student's grade: for each exercise, the checks passed out of the checks run.
struct StudentGrade: Equatable {
    /// The student's folder, as given on the command line.
    let folder: String
    /// `(passed, run)` per exercise, in exercise order.
    let scores: [(passed: Int, run: Int)]

    static func == (left: StudentGrade, right: StudentGrade) -> Bool {
        left.folder == right.folder && left.scores.map(\.passed) == right.scores.map(\.passed)
            && left.scores.map(\.run) == right.scores.map(\.run)
    }

    /// GitHub Classroom's points for the same work: an exercise's points when all its checks pass.
    var points: Int {
        zip(scores, classroomPoints()).reduce(0) { sum, pair in
            sum + (pair.0.run > 0 && pair.0.passed == pair.0.run ? pair.1 : 0)
        }
    }

    var total: (passed: Int, run: Int) {
        (scores.map(\.passed).reduce(0, +), scores.map(\.run).reduce(0, +))
    }

    /// The scores `outcomes` give, one per exercise in catalog order: an exercise that did not
    /// build, or has no outcome, scores nothing of all its checks.
    init(folder: String, outcomes: [ExerciseOutcome]) {
        self.folder = folder
        scores = exercises.map { exercise in
            guard let outcome = outcomes.first(where: { $0.exercise.number == exercise.number }),
                outcome.buildFailure == nil
            else { return (0, exercise.checks.count) }
            return (outcome.results.filter(\.verdict.holds).count, outcome.results.count)
        }
    }
}

/// The grades as CSV: a header, then one row per student: the folder, `passed/run` per exercise,
/// the total the same way, and the Classroom points out of 100.
func gradesCSV(_ grades: [StudentGrade]) -> String {
    let header = ["student"] + exercises.map { "exercise \($0.number)" } + ["total", "points"]
    let rows = grades.map { grade in
        [grade.folder] + grade.scores.map { "\($0.passed)/\($0.run)" }
            + ["\(grade.total.passed)/\(grade.total.run)", "\(grade.points)"]
    }
    return ([header] + rows).map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\n") + "\n"
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
private func csvField(_ text: String) -> String {
    guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

extension Commands {
    /// Grades each student's copy in `folders` and writes the CSV to `csvPath` (to standard output
    /// without one).
    ///
    /// Nothing of a student's copy is built or trusted but their exercise files: one grading
    /// workspace, a student edition under this package's build folder, is built once and kept
    /// between runs; for each student their exercise files are copied in, built in one SwiftPM
    /// run (only what changed is rebuilt), and each exercise's checks run as `check` runs them.
    func grade(_ folders: [URL], csvPath: String?) async -> Int32 {
        let missing = folders.filter {
            !FileManager.default.fileExists(atPath: $0.appending(path: "Sources").path)
        }
        guard missing.isEmpty else {
            complain(
                "workbook: not a copy of the workbook (no Sources folder): "
                    + missing.map(\.path).joined(separator: ", "))
            return 2
        }
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
            style.dim("Grading in \(layout.relative(workspace.root)); the first student builds it (minutes).")
        )
        var grades: [StudentGrade] = []
        for folder in folders {
            let start = ContinuousClock.now
            let processorBefore = childProcessorTime()
            let grade: StudentGrade
            do {
                grade = try await workspace.grade(folder, as: folder.relativePath, swift: swift)
            } catch {
                complain("workbook: could not grade \(folder.path): \(error.message)")
                return 2
            }
            grades.append(grade)
            let scores = zip(exercises, grade.scores).map { "\($0.number): \($1.passed)/\($1.run)" }
            say(
                "\(grade.folder)  " + scores.joined(separator: "  ")
                    + "  total \(grade.total.passed)/\(grade.total.run), \(grade.points) points"
                    + style.dim(
                        "  (\((ContinuousClock.now - start).seconds),"
                            + " \((childProcessorTime() - processorBefore).seconds) of processor time)"))
        }
        let csv = gradesCSV(grades)
        guard let csvPath else {
            say(csv)
            return 0
        }
        return writeReport(Data(csv.utf8), named: "grades", to: csvPath) ? 0 : 2
    }
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
    /// that does not compile scores nothing and costs nothing else.
    func grade(_ folder: URL, as name: String, swift: URL) async throws(StudentEditionProblem) -> StudentGrade
    {
        var missing: Set<Int> = []
        for exercise in exercises {
            let starter = (try? Data(contentsOf: layout.starterFile(exercise))) ?? Data()
            let theirs = try? Data(contentsOf: folder.appending(path: "Sources/Exercises/" + exercise.file))
            if theirs == nil { missing.insert(exercise.number) }
            try replace(layout.exerciseFile(exercise), with: theirs ?? starter)
        }
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
            let results = await runChecks(of: exercise, runner: build.runner)
            outcomes.append(ExerciseOutcome(exercise: exercise, results: results, buildFailure: nil))
        }
        return StudentGrade(folder: name, outcomes: outcomes)
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
            ], environment: ProcessInfo.processInfo.environment)
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

extension StudentGrade {
    init(folder: String, scores: [(passed: Int, run: Int)]) {
        self.folder = folder
        self.scores = scores
    }
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
