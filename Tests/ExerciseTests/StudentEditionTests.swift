import CheckProcesses
import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import TestSupport
import Testing

@testable import Classroom
@testable import WorkbookCommand

/// `workbook student-edition` writes the package a class gets: complete, but without a reference
/// solution anywhere. Building it and running its Classroom steps takes minutes, so that part is
/// `scripts/check-student-edition`, which CI runs; these tests read what it writes.
@Suite("Teaching: the student edition")
struct StudentEditionTests {
    /// One edition, written once for every test here; writing it fails on an unpaired marker in
    /// any file the writer reads, naming the file and the line.
    static let written = Result { () throws(StudentEditionProblem) -> URL in
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "workbook-student-edition-\(UUID().uuidString)")
        try StudentEdition.write(from: packageRoot, into: folder)
        return folder
    }

    static var edition: URL {
        get throws { try written.get() }
    }

    /// Every full-edition marker the writer reads, in every text file of the package it copies,
    /// is paired: otherwise the edition would keep a teacher's line or lose a student's.
    @Test func everyMarkerInThePackageIsPaired() {
        if case .failure(let problem) = Self.written {
            Issue.record("\(problem.message)")
        }
    }

    @Test func holdsNoSolutionFolderVariantsOrTeachersGuide() throws {
        let edition = try Self.edition
        for path in StudentEdition.leftOut {
            #expect(!FileManager.default.fileExists(atPath: edition.appending(path: path).path), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: edition.appending(path: "Sources/Starters").path))
    }

    @Test(arguments: exercises)
    func theStudentsFilesAreTheStarters(exercise: Exercise) throws {
        #expect(
            try Data(contentsOf: try Self.edition.appending(path: "Sources/Exercises/" + exercise.file))
                == Data(contentsOf: packageRoot.appending(path: "Sources/Starters/" + exercise.file)))
    }

    @Test func noFileHoldsThreeLinesInARowOfASolutionThatItsStarterLacks() throws {
        #expect(try solutionText(in: Self.edition) == [])
    }

    /// The leak check bites: a solution saved over a student's file is found.
    @Test func theLeakCheckFindsASolutionInTheEdition() throws {
        try inTemporaryFolder("workbook-leak") { folder in
            let exercise = exercises[4]
            let leaked = folder.appending(path: "Sources/Exercises/" + exercise.file)
            try FileManager.default.createDirectory(
                at: leaked.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: packageRoot.appending(path: "Sources/Solutions/" + exercise.file), to: leaked)
            #expect(try solutionText(in: folder) == ["Sources/Exercises/" + exercise.file])
        }
    }

    @Test func theManifestIsTheFullOneWithoutItsFullEditionSections() throws {
        let full = try String(contentsOf: packageRoot.appending(path: "Package.swift"), encoding: .utf8)
        let student = try String(
            contentsOf: try Self.edition.appending(path: "Package.swift"), encoding: .utf8)
        let fullLines = full.split(separator: "\n", omittingEmptySubsequences: false)
        let markers = fullLines.compactMap(fullEditionMarker)
        #expect(!markers.isEmpty)
        #expect(markers == Array(repeating: ["begin", "end"], count: markers.count / 2).flatMap { $0 })
        #expect(student == (try withoutFullEditionLines(full)))
        for word in StudentEdition.leftOutWords {
            #expect(!student.contains(word), "Package.swift of the student edition says \(word)")
        }
    }

    /// SwiftPM itself reads the student manifest: every target it names has its sources, and the
    /// student's copies and their runners are in it only for the builds `workbook check` starts.
    @Test func swiftPMAcceptsTheStudentManifest() async throws {
        let forCheck = try await describeEdition(environment: CheckBuild.learnerCopiesEnvironment)
        for exercise in exercises {
            #expect(forCheck.contains("\"\(exercise.name)CheckRunner\""))
            #expect(forCheck.contains("\"\(exercise.name)Exercise\""))
            #expect(!forCheck.contains("\"\(exercise.name)Solution\""))
        }
        #expect(!forCheck.contains("SolutionCheckRunner"))
    }

    /// What `swift build` and `swift test` build holds none of the student's files, so one that
    /// does not compile, or is gone, cannot stop them.
    @Test func withoutWorkbookCheckThePackageHoldsNoneOfTheStudentsFiles() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBOOK_LEARNER_COPIES"] = nil
        let plain = try await describeEdition(environment: environment)
        #expect(plain.contains("\"StarterCheckRunner\""))
        #expect(!plain.contains("Sources/Exercises"))
        for exercise in exercises {
            #expect(!plain.contains("\"\(exercise.name)CheckRunner\""))
            #expect(!plain.contains("\"\(exercise.name)Exercise\""))
        }
    }

    /// `swift package describe` of the edition, as JSON.
    private func describeEdition(environment: [String: String]) async throws -> String {
        let swift = try #require(CheckBuild.findSwift())
        let run = try await runChildProcess(
            swift,
            arguments: ["package", "describe", "--package-path", try Self.edition.path, "--type", "json"],
            environment: environment)
        #expect(run.ending == .exited(0), "\(run.output)")
        return run.output
    }

    @Test func theReadmeTellsAStudentWhatToDo() throws {
        let readme = try String(contentsOf: try Self.edition.appending(path: "README.md"), encoding: .utf8)
        #expect(readme.contains("swift run workbook check 1"))
        for exercise in exercises {
            #expect(readme.contains("`Sources/Exercises/\(exercise.file)`"))
            #expect(readme.contains(String(format: "](docs/%02d-", exercise.number)), "\(exercise.number)")
        }
        #expect(!readme.contains("teaching.md"))
    }

    /// The self-check runs every exercise's checks on push and awards nothing: no grader, no
    /// reporter, no points, and none of GitHub Classroom's actions. Only `check` exiting 2 (it could
    /// not run) fails the job. (actionlint checks the YAML itself in CI: `scripts/check-student-edition`.)
    @Test func theSelfCheckRunsEveryCheckAndAwardsNothing() throws {
        let workflow = try String(
            contentsOf: try Self.edition.appending(path: selfCheckWorkflowPath), encoding: .utf8)
        #expect(
            !FileManager.default.fileExists(
                atPath: try Self.edition.appending(path: ".github/workflows/classroom.yml").path))
        let runs = workflow.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^ +run: (.*)$/).map { String($0.output.1) }
        }
        #expect(runs == [selfCheckCommand])
        #expect(!workflow.contains("classroom-resources") && !workflow.contains("score"))
    }

    /// The self-check's command passes while exercises are unsolved (`check` exits 1) and fails
    /// only when the check could not run (exit 2), measured by running it with a stand-in `swift`.
    @Test(arguments: [(Int32(0), Int32(0)), (1, 0), (2, 1)])
    func theSelfCheckFailsOnlyWhenTheCheckCouldNotRun(checkStatus: Int32, jobStatus: Int32) async throws {
        let scratch = try TemporaryFolder()
        let fake = scratch.url.appending(path: "swift")
        try Data("#!/bin/sh\necho \"$@\" >\"$0.args\"\nexit \(checkStatus)\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let run = try await runChildProcess(
            URL(filePath: "/bin/bash"), arguments: ["-e", "-c", selfCheckCommand],
            environment: ["PATH": scratch.url.path + ":/usr/bin:/bin", "GITHUB_STEP_SUMMARY": "/tmp/s.md"],
            deadline: .seconds(10))
        #expect(run.ending == .exited(jobStatus))
        let arguments = try String(contentsOf: scratch.url.appending(path: "swift.args"), encoding: .utf8)
        #expect(arguments == "run workbook check --summary /tmp/s.md\n")
    }

    @Test func refusesAFolderThatIsNotEmpty() throws {
        #expect(throws: StudentEditionProblem.self) {
            try StudentEdition.write(from: packageRoot, into: try Self.edition)
        }
    }

    @Test func markedSectionsGoAndEverythingElseStays() throws {
        let text = """
            a
            // full edition: begin
            b
              // full edition: end
            c
            <!-- full edition: begin -->
            d
            <!-- full edition: end -->
            "// full edition: begin"

            """
        #expect(try withoutFullEditionLines(text) == "a\nc\n\"// full edition: begin\"\n")
    }

    @Test(arguments: [
        ("a\n// full edition: begin\nb\n// full edition: begin\nc\n// full edition: end\n", 4),
        ("a\n<!-- full edition: end -->\nb\n", 2),
        ("a\n# full edition: begin\nb\n", 2),
    ])
    func anUnpairedMarkerIsRefusedAtItsLine(text: String, line: Int) {
        #expect(throws: UnpairedMarker.self) { try withoutFullEditionLines(text) }
        do {
            _ = try withoutFullEditionLines(text)
        } catch {
            #expect(error.line == line)
        }
    }

    /// The writer stops at a file with an unpaired marker and names it, so that no edition is
    /// written with a teacher's line left in.
    @Test func theWriterNamesTheFileAndLineOfAnUnpairedMarker() throws {
        try inTemporaryFolder("workbook-markers") { package in
            try FileManager.default.createDirectory(
                at: package.appending(path: "docs"), withIntermediateDirectories: true)
            try Data("one\n<!-- full edition: begin -->\ntwo\n".utf8).write(
                to: package.appending(path: "docs/page.md"))
            do throws(StudentEditionProblem) {
                try StudentEdition.write(from: package, into: package.appending(path: "edition"))
                Issue.record("an edition was written from a page with an unpaired marker")
            } catch {
                #expect(
                    error.message
                        == "docs/page.md:2: unpaired full-edition marker: a `begin` with no `end` after it")
            }
        }
    }

    /// The edition's `help` lists only what it has: no teacher's command, and no `solution`, whose
    /// files it does not hold. (`scripts/check-student-edition` runs the edition's own `help` too.)
    @Test func itsHelpNamesNoTeachersCommandAndNoSolution() throws {
        let source = try String(
            contentsOf: try Self.edition.appending(path: "Sources/WorkbookCommand/Request.swift"),
            encoding: .utf8)
        for command in ["solution N", "student-edition DIR", "grade DIR", "docs/teaching.md"] {
            #expect(!source.contains(command), "\(command)")
            #expect(usage.contains(command), "\(command)")
        }
    }

    /// The overview `workbook` prints without a command ends with the commands the edition has.
    @Test func itsOverviewOffersNoSolution() throws {
        let overview = "Sources/WorkbookCommand/Overview.swift"
        let full = try String(contentsOf: packageRoot.appending(path: overview), encoding: .utf8)
        let edition = try String(contentsOf: try Self.edition.appending(path: overview), encoding: .utf8)
        #expect(full.contains("\"solution N\""))
        #expect(!edition.contains("solution N"))
    }

    /// The edition's README and pages name nothing it left out: no file or folder of the full
    /// edition that it lacks (a page links `teaching.md` by its name alone), and none of the words
    /// that leave a test or a script out.
    @Test func itsReadmeAndPagesNameOnlyWhatItHolds() throws {
        let edition = try Self.edition
        let files = FileManager.default
        let lacking = StudentEdition.kept.flatMap { entry in
            [entry]
                + (files.enumerator(atPath: packageRoot.appending(path: entry).path)?.compactMap {
                    ($0 as? String).map { entry + "/" + $0 }
                } ?? [])
        }.filter { !$0.contains("/.") && !files.fileExists(atPath: edition.appending(path: $0).path) }
        #expect(lacking.contains("scripts/measure-edit-to-verdict"))
        let pages =
            ["README.md"]
            + (try files.contentsOfDirectory(atPath: edition.appending(path: "docs").path))
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        for page in pages {
            let text = try String(contentsOf: edition.appending(path: page), encoding: .utf8)
            for path in lacking {
                let names = [path] + (path.hasPrefix("docs/") ? ["(" + path.dropFirst("docs/".count)] : [])
                #expect(!names.contains(where: text.contains), "\(page) names \(path)")
            }
            for word in StudentEdition.leftOutWords {
                #expect(!text.contains(word), "\(page) says \(word)")
            }
        }
    }
}

/// `workbook solution N` shows the reference solution only once the learner's own answer passes,
/// and the student edition has none to show.
@Suite("Teaching: the solution, after a pass")
struct SolutionCommandTests {
    private let exercise = exercises[1]

    @Test func itWaitsForAPassingAnswer() async throws {
        let package = try ScratchPackage(with: ["Sources/Solutions"])
        try package.edit(exercise)
        let run = try await package.workbook(["solution", "2"])
        #expect(run.status == 1)
        #expect(run.output.hasPrefix("The reference solution of exercise 2 shows once your answer passes"))
        #expect(!run.output.contains(try package.contents(of: "Sources/Solutions/" + exercise.file)))
    }

    @Test func itShowsTheSolutionOnceTheAnswerPasses() async throws {
        let package = try ScratchPackage(with: ["Sources/Solutions"])
        try package.edit(exercise)
        try package.markSolved(exercise)
        let run = try await package.workbook(["solution", "2"])
        #expect(run.status == 0)
        #expect(run.output.contains(try package.contents(of: "Sources/Solutions/" + exercise.file)))
    }

    @Test func theStudentEditionSaysTheTeacherHasIt() async throws {
        let package = try ScratchPackage()
        try package.edit(exercise)
        try package.markSolved(exercise)
        let run = try await package.workbook(["solution", "2"])
        #expect(run.status == 2)
        #expect(
            run.errors
                == "workbook: this copy of the workbook has no reference solutions; your teacher has the one for exercise 2\n"
        )
    }
}

/// The files under `folder` that hold three lines in a row of a reference solution, counting only
/// lines that no starter has (and no blank ones): an answer, copied.
func solutionText(in folder: URL) throws -> [String] {
    var starters: Set<String> = []
    for exercise in exercises {
        starters.formUnion(try lines(of: packageRoot.appending(path: "Sources/Starters/" + exercise.file)))
    }
    func answerLines(_ file: URL) throws -> [String] {
        try lines(of: file).filter { !starters.contains($0) }
    }
    var answers: Set<[String]> = []
    for exercise in exercises {
        let own = try answerLines(packageRoot.appending(path: "Sources/Solutions/" + exercise.file))
        for start in own.indices.dropLast(2) { answers.insert(Array(own[start..<start + 3])) }
    }
    let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
    return walker.compactMap { $0 as? String }.filter { !$0.hasPrefix(".build") }.sorted().filter { path in
        guard let found = try? answerLines(folder.appending(path: path)), found.count >= 3 else {
            return false
        }
        return found.indices.dropLast(2).contains { answers.contains(Array(found[$0..<$0 + 3])) }
    }
}

/// A file's lines, trimmed, without blank ones; none for a file that is not UTF-8 text.
private func lines(of file: URL) throws -> [String] {
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
}
