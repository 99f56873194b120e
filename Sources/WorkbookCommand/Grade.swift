import ExerciseChecks
import Foundation

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

    /// The scores the checks in `results` gave: a check that did not pass counts as run.
    init(folder: String, results: ExercismResults) {
        self.folder = folder
        scores = exercises.map { exercise in
            let tests = results.tests.filter { $0.taskID == exercise.number }
            let run = tests.isEmpty ? exercise.checks.count : tests.count
            return (tests.filter { $0.status == .pass }.count, run)
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
    /// between runs; for each student their exercise files are copied in (a missing one counts as
    /// the starter) and `workbook check --results` runs there, so only what changed is rebuilt.
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
            let grade: StudentGrade
            do {
                grade = try await workspace.grade(folder, as: folder.relativePath)
            } catch {
                complain("workbook: could not grade \(folder.path): \(error.message)")
                return 2
            }
            grades.append(grade)
            let scores = zip(exercises, grade.scores).map { "\($0.number): \($1.passed)/\($1.run)" }
            say(
                "\(grade.folder)  " + scores.joined(separator: "  ")
                    + "  total \(grade.total.passed)/\(grade.total.run), \(grade.points) points"
                    + style.dim("  (\((ContinuousClock.now - start).seconds))"))
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
    let root: URL
    let starters: Layout

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
            root: root,
            starters: Layout(
                root: root, scratch: root.appending(path: ".build"), configuration: layout.configuration,
                products: root.appending(path: ".build/" + layout.configuration)))
    }

    /// Grades the exercise files in `folder`: copies them in and checks them all. A missing file
    /// scores nothing (the starter stands in for it, so that the workspace stays whole); one that
    /// does not compile scores nothing, and costs nothing else, since each exercise is built alone.
    func grade(_ folder: URL, as name: String) async throws(StudentEditionProblem) -> StudentGrade {
        var missing: Set<Int> = []
        for exercise in exercises {
            let starter = (try? Data(contentsOf: starters.starterFile(exercise))) ?? Data()
            let theirs = try? Data(contentsOf: folder.appending(path: "Sources/Exercises/" + exercise.file))
            if theirs == nil { missing.insert(exercise.number) }
            try replace(starters.exerciseFile(exercise), with: theirs ?? starter)
        }
        let grade = StudentGrade(folder: name, results: try await check())
        return StudentGrade(
            folder: name,
            scores: zip(exercises, grade.scores).map { missing.contains($0.number) ? (0, $1.run) : $1 })
    }

    /// Runs this runner's `check --results` in the workspace and reads the results.
    private func check() async throws(StudentEditionProblem) -> ExercismResults {
        let results = root.appending(path: ".build/grading-results.json")
        try? FileManager.default.removeItem(at: results)
        let me = Bundle.main.executableURL ?? URL(filePath: CommandLine.arguments[0])
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let run: ChildRun
        do {
            run = try await runChild(
                me,
                arguments: [
                    "--package-path", root.path, "--scratch-path", root.appending(path: ".build").path,
                    "check",
                    "--results", results.path,
                ], environment: environment, limits: ChildLimits(time: .seconds(30 * 60)))
        } catch {
            throw StudentEditionProblem("could not start \(me.path): \(error)")
        }
        guard let data = try? Data(contentsOf: results),
            let read = try? JSONDecoder().decode(ExercismResults.self, from: data)
        else {
            let tail = run.output.split(separator: "\n").suffix(10).joined(separator: "\n")
            throw StudentEditionProblem("the check wrote no results (\(run.ending)):\n\(tail)")
        }
        return read
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
        files.fileExists(atPath: from.path, isDirectory: &isFolder)
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
