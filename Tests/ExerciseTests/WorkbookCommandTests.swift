import CheckProcesses
import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import TestSupport
import Testing

/// The `workbook` executable, run as a learner runs it, on a scratch copy of the package's
/// exercise folders, chapters and pages, so that `reset` and the progress it keeps touch nothing
/// real.
@Suite("Workbook: the command")
struct WorkbookCommandTests {
    @Test func withoutACommandItListsTheChaptersProgressAndTheNextStep() async throws {
        let package = try ScratchPackage()
        let run = try await package.workbook([])
        #expect(run.status == 0)
        #expect(
            run.output.hasPrefix("Combine networking workbook: 0 of \(exercises.count) exercises solved\n"))
        #expect(run.output.contains("then in async/await (the rows marked await:)"))
        #expect(run.output.contains("  1  Cold publishers: nothing happens until you subscribe\n"))
        #expect(run.output.contains("     swift run ColdPublishers · exercise: not started\n"))
        #expect(run.output.contains("Next: exercise 1. " + exercises[0].task))
        #expect(
            run.output.contains(
                "Edit Sources/Exercises/\(exercises[0].file), then run `swift run workbook check 1`."))
        #expect(!run.output.contains("\u{1B}["))
        #expect(run.errors.isEmpty)
    }

    @Test func anEditedExerciseIsInProgress() async throws {
        let package = try ScratchPackage()
        try package.edit(exercises[1])
        let run = try await package.workbook([])
        #expect(run.output.contains("     swift run StatusIsAValue · exercise: in progress\n"))
    }

    @Test func hintSaysWhatToDoWhereAndWhatIsChecked() async throws {
        let package = try ScratchPackage()
        let exercise = exercises[1]
        let run = try await package.workbook(["hint", "\(exercise.number)"])
        #expect(run.status == 0)
        #expect(run.output.contains(exercise.hint))
        #expect(run.output.contains("Edit Sources/Exercises/" + exercise.file))
        for check in exercise.checks {
            #expect(run.output.contains("  • " + check.sentence + "\n"))
        }
    }

    @Test func resetPutsTheStarterBack() async throws {
        let package = try ScratchPackage()
        let exercise = exercises[0]
        try package.edit(exercise)
        let run = try await package.workbook(["reset", "\(exercise.number)"])
        #expect(run.status == 0)
        #expect(
            run.output.hasSuffix("\nSources/Exercises/\(exercise.file) is back as it was at the start.\n"))
        #expect(
            try package.contents(of: "Sources/Exercises/" + exercise.file)
                == package.contents(of: "Sources/Starters/" + exercise.file))
    }

    @Test(arguments: [
        (["chek"], "workbook: unknown command 'chek' (see `swift run workbook help`)"),
        (["hint", "99"], "workbook: there is no exercise 99; the exercises are \(exerciseRange)"),
        (["check", "0"], "workbook: there is no exercise 0; the exercises are \(exerciseRange)"),
        (["run", "99"], "workbook: there is no chapter 99; the chapters are 1–\(chapterNames.count)"),
        (
            ["reset"],
            "workbook: reset needs an exercise number, such as `workbook reset 1` (see `swift run workbook help`)"
        ),
    ])
    func badUseIsOneLineOnStandardErrorAndExitStatus2(arguments: [String], message: String) async throws {
        let package = try ScratchPackage()
        let run = try await package.workbook(arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors == message + "\n")
    }

    @Test func outsideAPackageItSaysSoAndExits2() async throws {
        let run = try await inTemporaryFolder("not-a-package") { empty in
            try await runWorkbook(["--package-path", empty.path])
        }
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("workbook: no workbook package here"))
    }

    @Test func withoutSwiftOnThePathCheckSaysWhatIsMissingAndExits2() async throws {
        let package = try ScratchPackage()
        let run = try await package.workbook(["check", "1"], environment: ["PATH": "/nowhere"])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("workbook: cannot find `swift` on PATH"))
        #expect(run.errors.split(separator: "\n").count == 1)
    }

    /// A deleted exercise file is named, with the one command that brings it back, and nothing is
    /// built for it.
    @Test func aDeletedExerciseFileIsNamedWithTheCommandThatBringsItBack() async throws {
        let package = try ScratchPackage()
        let exercise = exercises[6]
        try FileManager.default.removeItem(
            at: package.root.appending(path: "Sources/Exercises/" + exercise.folder))
        let run = try await package.workbook(["check", "\(exercise.number)"])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "✗ exercise 7's file Sources/Exercises/\(exercise.file) is missing:"
                    + " `swift run workbook reset 7` puts its starter back\n"))
        #expect(
            run.output.hasSuffix("Run `swift run workbook reset 7`, then edit its file and check it again.\n")
        )
        #expect(!FileManager.default.fileExists(atPath: package.root.appending(path: ".build").path))
    }

    /// Exercise 1 does not compile: its checks fail, with the compiler's first error, and every
    /// other exercise is built and checked as usual, in the terminal and in the JUnit report. The
    /// `swift` here is a stand-in on `PATH` that fails exercise 1's build as the compiler would and
    /// builds every other runner as one that passes each check, sealed with the seal it is handed,
    /// so no real build is needed.
    @Test func aBrokenExerciseFailsOnlyItsOwnChecks() async throws {
        let package = try ScratchPackage()
        let bin = package.root.appending(path: "bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let broken = package.root.appending(path: "Sources/Exercises/" + exercises[0].file).path
        try package.script(
            at: bin.appending(path: "swift"),
            """
            # Called as: swift build --product NAME --package-path P --scratch-path S --configuration C
            case "$3" in
            \(exercises[0].name)CheckRunner)
                echo "\(broken):2:14: error: cannot find 'undefinedThing' in scope"
                exit 1 ;;
            esac
            mkdir -p "$7/$9"
            cat > "$7/$9/$3" <<'RUNNER'
            #!/bin/sh
            read -r passing failing
            echo "workbook-verdict $passing {\\"verdict\\":{\\"holds\\":true,\\"expected\\":\\"e\\",\\"measured\\":\\"e\\"}}"
            RUNNER
            chmod +x "$7/$9/$3"
            """)
        let report = package.root.appending(path: "report.xml")
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let run = try await package.workbook(["check", "--junit", report.path], environment: ["PATH": path])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "✗ exercise 1 does not compile: Sources/Exercises/\(exercises[0].file):2:14: error: cannot find 'undefinedThing' in scope\n"
            ))
        for exercise in exercises.dropFirst() {
            #expect(run.output.contains("exercise \(exercise.number) is solved."))
        }
        #expect(
            run.output.contains(
                "Edit Sources/Exercises/\(exercises[0].file), then run `swift run workbook check 1`"))
        let xml = try String(contentsOf: report, encoding: .utf8)
        let failures = xml.matches(of: /failures="(\d+)"/).map { Int($0.output.1) ?? -1 }
        #expect(failures == [exercises[0].checks.count] + Array(repeating: 0, count: exercises.count - 1))
    }

    @Test func helpListsEveryCommand() async throws {
        let run = try await runWorkbook(["help"])
        #expect(run.status == 0)
        for command in ["check [N]", "--junit", "watch [N]", "hint N", "run N", "reset N"] {
            #expect(run.output.contains(command))
        }
    }
}

/// A copy of what the workbook reads (manifest, exercise folders, chapter folders, pages) in a
/// temporary folder, with a build folder of its own; removed when the test ends. Its exercises are
/// fresh copies of the starters, as a new learner's are, whatever the learner's own copies hold.
///
/// Of the chapters it has only their folders and of the docs only the pages, since the workbook
/// reads the chapters' names and the pages' titles: copying the chapters' sources and the pictures
/// too made some 4,000 files a run, most of the commands' tests' time.
final class ScratchPackage {
    let root = FileManager.default.temporaryDirectory.appending(path: "workbook-package-\(UUID().uuidString)")

    /// `more` names folders to copy as they are, besides the ones every runner command reads.
    init(with more: [String] = []) throws {
        let files = FileManager.default
        let copies =
            [
                ("Package.swift", "Package.swift"), ("Sources/Starters", "Sources/Exercises"),
                ("Sources/Starters", "Sources/Starters"),
            ] + more.map { ($0, $0) }
        for (path, destination) in copies {
            let copy = root.appending(path: destination)
            try files.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try files.copyItem(at: packageRoot.appending(path: path), to: copy)
        }
        for chapter in try files.contentsOfDirectory(atPath: packageRoot.appending(path: "Chapters").path) {
            try files.createDirectory(
                at: root.appending(path: "Chapters/" + chapter), withIntermediateDirectories: true)
        }
        let pages = try files.contentsOfDirectory(atPath: packageRoot.appending(path: "docs").path)
        try files.createDirectory(at: root.appending(path: "docs"), withIntermediateDirectories: true)
        for page in pages where page.hasSuffix(".md") {
            try files.copyItem(
                at: packageRoot.appending(path: "docs/" + page), to: root.appending(path: "docs/" + page))
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func contents(of path: String) throws -> String {
        try String(contentsOf: root.appending(path: path), encoding: .utf8)
    }

    /// Writes an executable shell script.
    func script(at file: URL, _ body: String) throws {
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }

    /// Changes `exercise`'s file the way a learner would start to.
    func edit(_ exercise: Exercise) throws {
        let file = root.appending(path: "Sources/Exercises/" + exercise.file)
        try Data((try contents(of: "Sources/Exercises/" + exercise.file) + "// my first try\n").utf8).write(
            to: file)
    }

    func workbook(_ arguments: [String], environment: [String: String] = [:]) async throws -> WorkbookRun {
        try await runWorkbook(
            ["--package-path", root.path, "--scratch-path", root.appending(path: ".build").path] + arguments,
            environment: environment)
    }
}

struct WorkbookRun {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs the built `workbook` with `arguments` and standard output on a pipe, `NO_COLOR` unset,
/// so only the pipe can be what keeps the output plain, and `environment` over this process's.
private func runWorkbook(
    _ arguments: [String], environment: [String: String] = [:]
) async throws -> WorkbookRun {
    let run = try await runChildProcess(
        builtExecutable(named: "workbook"), arguments: arguments,
        environment: ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }.merging(environment)
        { $1 },
        deadline: .seconds(600))
    let status: Int32 = if case .exited(let status) = run.ending { status } else { -1 }
    return WorkbookRun(status: status, output: run.output, errors: run.errors)
}

/// The exercises' numbers as the runner names them, `1–9`, read from the catalog.
private let exerciseRange = "\(exercises.first!.number)–\(exercises.last!.number)"
