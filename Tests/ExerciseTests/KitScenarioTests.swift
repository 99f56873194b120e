import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import TestSupport
import Testing

@testable import Classroom

/// The assignment kits, graded as their platforms grade: Classroom 50's declarative tests by the
/// rules of its runner (`Classroom50Runner`), and Gradescope's `run_autograder` with its root moved,
/// each on a student's repository in six states. Each exercise scores on its own, and only the
/// exercise files count: a student who edits the checks or the runner earns nothing for it, and the
/// files they edited are named.
///
/// Building and grading takes many minutes, so these run only when `WORKBOOK_KITS` names a folder
/// holding `classroom50/` and `gradescope.zip` written by `workbook assignment`, which
/// `scripts/check-student-edition` does (CI runs it). Each kit's package is built once, as each
/// platform's first run (Classroom 50's first test, Gradescope's `setup.sh`) builds it.
@Suite(
    "Teaching: the assignment kits grade each exercise on its own", .serialized,
    .enabled(if: kits != nil, "WORKBOOK_KITS names no kits"))
struct KitScenarioTests {
    /// What a student did to the starters before pushing.
    enum Change: CustomStringConvertible {
        case solved(Int)
        case doesNotCompile(Int)
        case deleted(Int)
        /// Exercise 2's file replaced by one that writes a passing verdict everywhere it can.
        case forgedExercise2
        /// Exercise 2's file replaced by one that sends SIGKILL to its parent, the grader.
        case killerExercise2
        /// Exercise 2's file replaced by one that reads its own process's memory for the seal's
        /// tokens and prints a passing verdict under every run of 32 hex digits it finds.
        case memoryScannedExercise2
        /// The student's copy of exercise 2's checks made to pass anything, the runner's
        /// `main.swift` made to exit 0, and the self-check workflow edited: what would run in their
        /// own repository.
        case editedChecksAndRunner

        var description: String {
            switch self {
            case .solved(let number): "\(number) solved"
            case .doesNotCompile(let number): "\(number) not compiling"
            case .deleted(let number): "\(number) deleted"
            case .forgedExercise2: "2 forged"
            case .killerExercise2: "2 killing its grader"
            case .memoryScannedExercise2: "2 reading its memory for the seal"
            case .editedChecksAndRunner: "checks and runner edited"
            }
        }
    }

    /// A state of a student's repository and the points it must earn.
    struct Scenario: CustomTestStringConvertible, Sendable {
        let changes: [Change]
        let points: Int
        /// Files the grade must name as changed.
        var named: [String] = []

        var testDescription: String {
            changes.isEmpty ? "nothing solved" : changes.map(\.description).joined(separator: ", ")
        }
    }

    static let scenarios = [
        Scenario(changes: [.doesNotCompile(1), .solved(2)], points: exercisePoints()[1]),
        Scenario(changes: [.deleted(7), .solved(3)], points: exercisePoints()[2]),
        Scenario(changes: exercises.map { .solved($0.number) }, points: 100),
        Scenario(changes: [], points: 0),
        Scenario(
            changes: [.editedChecksAndRunner], points: 0,
            named: [
                "modified: .github/workflows/self-check.yml",
                "modified: Sources/ExerciseChecks/02-ValidatedBody.swift",
                "modified: Sources/WorkbookCommand/main.swift",
            ]),
        Scenario(changes: [.forgedExercise2, .solved(3)], points: exercisePoints()[2]),
        Scenario(changes: [.memoryScannedExercise2, .solved(3)], points: exercisePoints()[2]),
    ]

    @Test(arguments: scenarios)
    func classroom50ScoresEachExerciseOnItsOwn(_ scenario: Scenario) async throws {
        let kit = try #require(kits).appending(path: "classroom50")
        let tests = try JSONDecoder().decode(
            [DeclarativeTest].self, from: Data(contentsOf: kit.appending(path: "tests.json")))
        let checkout = try studentRepository(from: kit.appending(path: "template"), after: scenario.changes)
        defer { try? FileManager.default.removeItem(at: checkout) }
        let started = ContinuousClock.now
        let (result, rows) = try await Classroom50Runner(tests: tests, bundle: kit.appending(path: "bundle"))
            .grade(checkout: checkout)
        print(
            "Classroom 50, \(scenario.testDescription): \(result.score) points in \(seconds(.now - started))")
        for row in rows {
            print("  \(row.test.name): \(row.passed ? "passed" : "failed"), \(seconds(row.duration))")
        }
        let problems = Classroom50Result.problems(
            in: try JSONEncoder().encode(result), classroom: result.classroom, assignment: result.assignment)
        #expect(problems.isEmpty)
        #expect(result.score == scenario.points && result.maxScore == 100, "\(scenario.testDescription)")
        for file in scenario.named {
            #expect(rows.allSatisfy { $0.output.contains(file) }, "\(file) is named in every test's output")
        }
        if result.score != scenario.points {
            for row in rows where row.passed != expectedToPass(row.test, scenario) {
                print(row.output.suffix(3000))
            }
        }
    }

    @Test(arguments: scenarios)
    func gradescopeScoresEachExerciseOnItsOwn(_ scenario: Scenario) async throws {
        let root = try await Self.gradescopeRoot()
        let submission = root.appending(path: "submission")
        try? FileManager.default.removeItem(at: submission)
        let checkout = try studentRepository(
            from: root.appending(path: "source/workbook"), after: scenario.changes, at: submission)
        try? FileManager.default.removeItem(at: checkout.appending(path: ".build"))
        let started = ContinuousClock.now
        let run = try await runChildProcess(
            URL(filePath: "/bin/bash"), arguments: [root.appending(path: "source/run_autograder").path],
            environment: ProcessInfo.processInfo.environment.merging([GradescopeKit.rootVariable: root.path])
            { $1 })
        #expect(run.ending == .exited(0))
        let data = try Data(contentsOf: root.appending(path: "results/results.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(results["tests"] as? [[String: Any]])
        let score = tests.compactMap { $0["score"] as? Int }.reduce(0, +)
        print("Gradescope, \(scenario.testDescription): \(score) points in \(seconds(.now - started))")
        #expect(tests.count == exercises.count)
        #expect(tests.compactMap { $0["max_score"] as? Int }.reduce(0, +) == 100)
        #expect(
            tests.allSatisfy {
                ($0["status"] as? String)
                    == (($0["score"] as? Int) == ($0["max_score"] as? Int) ? "passed" : "failed")
            })
        #expect(score == scenario.points, "\(scenario.testDescription)")
        for file in scenario.named {
            #expect((results["output"] as? String ?? "").contains(file))
        }
        if score != scenario.points { print(run.output.suffix(4000), run.errors.suffix(2000)) }
    }

    /// `grade` over a class of three in which Bo's exercise 2 sends SIGKILL to its grader: every
    /// student still gets their row. As root, `grade` runs each check as nobody, so the kill is
    /// refused and one run grades all three; without root the kill ends the run, and the next run
    /// goes on where it stopped, keeping Ada's row and not grading Bo's copy again.
    @Test func gradingAClassWhereOneStudentKillsTheGraderWritesEveryOtherRow() async throws {
        let kits = try #require(kits)
        let template = kits.appending(path: "classroom50/template")
        let classFolder = kits.appending(path: "class")
        let students = [
            ("ada", [Change.solved(2)]), ("bo", [.killerExercise2, .solved(3)]),
            ("cy", exercises.map { .solved($0.number) }),
        ]
        for (name, changes) in students {
            _ = try studentRepository(from: template, after: changes, at: classFolder.appending(path: name))
        }
        let csv = kits.appending(path: "grades.csv")
        let arguments =
            [
                "--package-path", packageRoot.path, "--scratch-path", kits.appending(path: "scratch").path,
                "grade",
            ] + students.map { classFolder.appending(path: $0.0).path } + ["--csv", csv.path]
        let started = ContinuousClock.now
        var runs: [ChildEnding] = []
        repeat {
            let run = try await runChildProcess(
                builtExecutable(named: "workbook"), arguments: arguments,
                environment: ProcessInfo.processInfo.environment)
            runs.append(run.ending)
            if run.ending != .exited(0) { print(run.output.suffix(2000), run.errors.suffix(2000)) }
        } while runs.last != .exited(0) && runs.count < 3
        print("grade over a class of three with a grader-killer: \(runs) in \(seconds(.now - started))")
        let rows = csvRows(try String(contentsOf: csv, encoding: .utf8))
        let header = try #require(rows.first)
        let points = try #require(header.firstIndex(of: "points"))
        let notes = try #require(header.firstIndex(of: "notes"))
        let byStudent = Dictionary(
            uniqueKeysWithValues: rows.dropFirst().map { (URL(filePath: $0[0]).lastPathComponent, $0) })
        #expect(byStudent.count == 3)
        #expect(byStudent["ada"]?[points] == "\(exercisePoints()[1])")
        #expect(byStudent["cy"]?[points] == "100")
        if geteuid() == 0 {
            #expect(runs == [.exited(0)], "as root the kill is refused and one run grades the class")
            #expect(byStudent["bo"]?[points] == "\(exercisePoints()[2])")
        } else {
            #expect(byStudent["bo"]?[notes].contains("an earlier grading stopped") == true)
        }
    }

    /// Gradescope's `/autograder`, made once: the kit unzipped into `source/` by Python's zipfile (a
    /// second reader of the archive), then its `setup.sh` run there as Gradescope runs it when it
    /// builds the image (here `swift` is installed, so it only builds).
    static func gradescopeRoot() async throws -> URL {
        let root = try #require(kits).appending(path: "gradescope-root")
        let source = root.appending(path: "source")
        if FileManager.default.fileExists(atPath: source.appending(path: "workbook/.build").path) {
            return root
        }
        let unzip = try await runChildProcess(
            URL(filePath: "/usr/bin/env"),
            arguments: [
                "python3", "-m", "zipfile", "-e", try #require(kits).appending(path: "gradescope.zip").path,
                source.path,
            ],
            environment: ProcessInfo.processInfo.environment)
        try #require(unzip.ending == .exited(0), "\(unzip.errors)")
        let started = ContinuousClock.now
        let setup = try await runChildProcess(
            URL(filePath: "/bin/bash"), arguments: [source.appending(path: "setup.sh").path],
            environment: ProcessInfo.processInfo.environment)
        print("Gradescope's setup.sh (the build, swift being installed): \(seconds(.now - started))")
        try #require(setup.ending == .exited(0), "\(setup.output.suffix(3000))\(setup.errors.suffix(3000))")
        return root
    }

    private func expectedToPass(_ test: DeclarativeTest, _ scenario: Scenario) -> Bool {
        scenario.changes.contains {
            if case .solved(let number) = $0 { test.name.hasPrefix("Exercise \(number) ") } else { false }
        }
    }
}

/// A student's repository: a copy of `template` (without its build folder) at `destination`, or a
/// new temporary folder, with `changes` made to it.
func studentRepository(
    from template: URL, after changes: [KitScenarioTests.Change], at destination: URL? = nil
) throws -> URL {
    let checkout =
        destination ?? FileManager.default.temporaryDirectory.appending(path: "student-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
    for entry in try FileManager.default.contentsOfDirectory(atPath: template.path) where entry != ".build" {
        try FileManager.default.copyItem(
            at: template.appending(path: entry), to: checkout.appending(path: entry))
    }
    for exercise in exercises {
        try Data(contentsOf: packageRoot.appending(path: "Sources/Starters/" + exercise.file)).write(
            to: checkout.appending(path: "Sources/Exercises/" + exercise.file))
    }
    func file(_ number: Int) throws -> URL {
        let found = ExerciseCatalog.exercise(number)
        return checkout.appending(path: "Sources/Exercises/" + (try #require(found)).file)
    }
    for change in changes {
        switch change {
        case .solved(let number):
            let found = ExerciseCatalog.exercise(number)
            let solved = try #require(found)
            try Data(contentsOf: packageRoot.appending(path: "Sources/Solutions/" + solved.file)).write(
                to: try file(number))
        case .doesNotCompile(let number):
            let url = try file(number)
            try Data((try String(contentsOf: url, encoding: .utf8) + "\nlet broken: Int = \"one\"\n").utf8)
                .write(to: url)
        case .deleted(let number):
            // A clone of a repository whose file was deleted has no folder either: git keeps none.
            try FileManager.default.removeItem(at: try file(number).deletingLastPathComponent())
        case .forgedExercise2:
            try Data(forgedExercise2.utf8).write(to: try file(2))
        case .memoryScannedExercise2:
            try Data(memoryScannedExercise2.utf8).write(to: try file(2))
        case .killerExercise2:
            try Data(killerExercise2.utf8).write(to: try file(2))
        case .editedChecksAndRunner:
            let checks = checkout.appending(path: "Sources/ExerciseChecks/02-ValidatedBody.swift")
            try Data((try String(contentsOf: checks, encoding: .utf8) + "\n// every check passes now\n").utf8)
                .write(to: checks)
            try Data("import Foundation\nexit(0)\n".utf8).write(
                to: checkout.appending(path: "Sources/WorkbookCommand/main.swift"))
            let workflow = checkout.appending(path: selfCheckWorkflowPath)
            try Data((try String(contentsOf: workflow, encoding: .utf8) + "# points for nothing\n").utf8)
                .write(to: workflow)
        }
    }
    return checkout
}

/// A file for exercise 2 that writes a passing verdict, plain and under a guessed seal, to every
/// descriptor it has open (standard output among them) and ends its process with status 0.
private let forgedExercise2 = #"""
    import Combine
    import ExerciseSupport
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    public func validatedBody(of request: URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure> {
        let verdict = #"{"expected":"forged","measured":"forged","holds":true}"#
        let lines = verdict + "\nworkbook-verdict " + String(repeating: "0", count: 32) + " " + verdict + "\n"
        signal(SIGPIPE, SIG_IGN)
        for descriptor in Int32(0)..<256 where fcntl(descriptor, F_GETFD) != -1 {
            _ = Array(lines.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
        exit(0)
    }

    """#

/// A file for exercise 2 that sends SIGKILL to the process that started its check's process,
/// the grader, and ends its own with status 0.
private let killerExercise2 = #"""
    import Combine
    import ExerciseSupport
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    public func validatedBody(of request: URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure> {
        kill(getppid(), SIGKILL)
        _exit(0)
    }

    """#

/// A file for exercise 2 that reads the writable memory of its own process through
/// `/proc/self/mem`, collects every run of exactly 32 lowercase hex digits (a seal's token is one),
/// prints a sealed passing verdict under each, and ends its process with status 0.
private let memoryScannedExercise2 = #"""
    import Combine
    import ExerciseSupport
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    public func validatedBody(of request: URLSession.DataTaskPublisher) -> AnyPublisher<Data, ServiceFailure> {
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let memory = open("/proc/self/mem", O_RDONLY)
        var tokens: Set<String> = []
        for line in maps.split(separator: "\n") where line.contains(" rw-p ") {
            let bounds = line.split(separator: " ")[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            guard bounds.count == 2, bounds[1] - bounds[0] <= 64 << 20 else { continue }
            var bytes = [UInt8](repeating: 0, count: Int(bounds[1] - bounds[0]))
            let count = bytes.withUnsafeMutableBytes { pread(memory, $0.baseAddress, $0.count, off_t(bounds[0])) }
            var start = 0
            for index in 0...max(count, 0) {
                let byte = index < count ? bytes[index] : 0
                if (48...57).contains(byte) || (97...102).contains(byte) { continue }
                if index - start == 32 { tokens.insert(String(decoding: bytes[start..<index], as: UTF8.self)) }
                start = index + 1
            }
        }
        let verdict = #"{"expected":"forged","measured":"forged","holds":true}"#
        print(tokens.map { "workbook-verdict \($0) \(verdict)" }.joined(separator: "\n"))
        fflush(nil)
        _exit(0)
    }

    """#

/// The folder of kits the scenarios grade with, when `WORKBOOK_KITS` names one.
private let kits = ProcessInfo.processInfo.environment["WORKBOOK_KITS"].map { URL(filePath: $0) }

private func seconds(_ duration: Duration) -> String {
    "\(duration.components.seconds) s"
}
