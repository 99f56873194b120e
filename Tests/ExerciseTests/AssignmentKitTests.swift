import ChildProcesses
import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import TestSupport
import Testing
import Verdicts

@testable import CheckProcesses
@testable import Classroom

/// What the assignment kits hold, and the pieces `grade` reads and writes for them. Grading with
/// the kits builds packages, which takes minutes: `KitScenarioTests` does that.
@Suite("Teaching: the assignment kits")
struct AssignmentKitTests {
    @Test func classroom50HasATestPerExerciseWorthItsPointsRunFromTheBundle() throws {
        let tests = Classroom50Kit.tests()
        #expect(tests.map(\.points) == exercisePoints() && tests.map(\.points).reduce(0, +) == 100)
        #expect(tests.allSatisfy { $0.type == "run" && (1...600).contains($0.timeout) })
        #expect(
            tests.map(\.run)
                == exercises.map { #"bash "$CLASSROOM50_BUNDLE_DIR/grade-exercise" \#($0.number)"# })
        #expect(Set(tests.map(\.name)).count == tests.count)
        let decoded = try JSONDecoder().decode(
            [DeclarativeTest].self, from: Data(Classroom50Kit.testsJSON().utf8))
        #expect(decoded == tests)
    }

    /// Grading always names the kit's own package, twice: to `swift run` (which builds it) and to
    /// `workbook` itself, which would otherwise take the package of the current folder, the
    /// student's own on Classroom 50.
    @Test func everyKitGradesWithItsOwnPackageNeverTheStudents() {
        let script = Classroom50Kit.gradeExerciseScript()
        #expect(
            script.contains(
                #"swift run --package-path "$package" workbook --package-path "$package" grade "$PWD" --in-place --exercise "$1""#
            ))
        #expect(
            GradescopeKit.runAutograder().contains(
                #"workbook --package-path "$package" grade "$root/submission" --in-place"#))
    }

    /// `--in-place` would overwrite the teacher's own exercise files in the full edition, so it
    /// refuses there before it touches anything.
    @Test func gradingInPlaceRefusesTheFullEdition() async throws {
        let layout = Layout(
            root: packageRoot, scratch: packageRoot.appending(path: ".build"), configuration: "debug",
            products: packageRoot.appending(path: ".build/debug"))
        let before = try Data(contentsOf: layout.exerciseFile(exercises[0]))
        let status = await grade(
            [FileManager.default.temporaryDirectory], options: GradeOptions(inPlace: true), layout: layout,
            style: TextStyle(enabled: false))
        #expect(status == 2)
        #expect(try Data(contentsOf: layout.exerciseFile(exercises[0])) == before)
    }

    /// Classroom 50's grading job needs `curl`, `python3` and `gh` where it runs, which Swift's
    /// official image lacks: the runtime is GitHub's Ubuntu 24.04 runner, no container, and only
    /// keys Classroom 50 accepts.
    @Test func theRuntimeIsARunnerWithSwiftAndClassroom50sTools() throws {
        let runtime = try #require(
            try JSONSerialization.jsonObject(with: Data(Classroom50Kit.runtimeJSON.utf8)) as? [String: Any])
        #expect(runtime["runs-on"] as? String == "ubuntu-24.04")
        #expect(runtime["container"] == nil)
        let accepted: Set = ["runs-on", "container", "python", "node", "java", "go", "rust", "apt"]
        #expect(Set(runtime.keys).isSubset(of: accepted))
    }

    @Test func theKitsFoldersAndZipHoldWhatThePlatformsRead() async throws {
        let scratch = try TemporaryFolder()
        try Classroom50Kit.write(from: packageRoot, into: scratch.url.appending(path: "kit"))
        for path in [
            "template/Package.swift", "bundle/workbook/Package.swift", "bundle/grade-exercise", "tests.json",
            "runtime.json",
        ] {
            #expect(
                FileManager.default.fileExists(atPath: scratch.url.appending(path: "kit/" + path).path),
                "\(path)")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: scratch.url.appending(path: "kit/bundle/workbook/Sources/Solutions").path))
        #expect(throws: StudentEditionProblem.self) {
            try Classroom50Kit.write(from: packageRoot, into: scratch.url.appending(path: "kit"))
        }
        let zip = scratch.url.appending(path: "autograder.zip")
        try GradescopeKit.write(from: packageRoot, to: zip)
        // Python's zipfile, an independent reader, lists it with the scripts executable.
        let listing = try await runChildProcess(
            URL(filePath: "/usr/bin/env"),
            arguments: [
                "python3", "-c",
                "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; "
                    + "print('\\n'.join(f'{i.filename} {i.external_attr >> 16:o}' for i in z.infolist()))",
                zip.path,
            ], environment: ProcessInfo.processInfo.environment)
        #expect(listing.ending == .exited(0), "\(listing.errors)")
        let lines = listing.output.split(separator: "\n")
        #expect(lines.contains("setup.sh 100755") && lines.contains("run_autograder 100755"))
        #expect(lines.contains("workbook/Package.swift 100644"))
        #expect(!lines.contains { $0.hasPrefix("workbook/Sources/Solutions") })
    }

    @Test func gradescopeResultsGiveATestPerExerciseAndNameTheChangedFiles() throws {
        let grade = StudentGrade(
            folder: "submission",
            outcomes: GradeTests.outcomes { exercise, _ in exercise.number == 2 },
            notes: ["modified: Sources/ExerciseChecks/02-ValidatedBody.swift"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: GradescopeResults(grade).encoded()) as? [String: Any])
        let tests = try #require(json["tests"] as? [[String: Any]])
        #expect(tests.count == exercises.count)
        #expect(
            tests.compactMap { $0["score"] as? Int }
                == exercisePoints().enumerated().map { $0.offset == 1 ? $0.element : 0 })
        #expect(tests.compactMap { $0["max_score"] as? Int } == exercisePoints())
        #expect(tests.compactMap { $0["status"] as? String }.filter { $0 == "passed" }.count == 1)
        #expect(
            (json["output"] as? String)?.contains("modified: Sources/ExerciseChecks/02-ValidatedBody.swift")
                == true)
        #expect(json["score"] == nil, "Gradescope adds up the tests")
    }

    @Test func aRunnerRewrittenOrReplacedHasAnotherFingerprint() throws {
        let scratch = try TemporaryFolder()
        let runner = scratch.url.appending(path: "Runner")
        try Data("built".utf8).write(to: runner)
        let built = try #require(RunnerFingerprint(of: runner))
        #expect(RunnerFingerprint(of: runner) == built)
        try Data("built".utf8).write(to: runner)
        #expect(RunnerFingerprint(of: runner) != built, "the same bytes written again")
        let other = scratch.url.appending(path: "Other")
        try Data("built".utf8).write(to: other)
        let rewritten = try #require(RunnerFingerprint(of: runner))
        _ = rename(other.path, runner.path)
        #expect(RunnerFingerprint(of: runner) != rewritten, "another file renamed over it")
    }
}

/// `grade` on a folder `gh teacher download` wrote: every student's folder in it, joined to
/// Classroom 50's `scores.csv` by username.
@Suite("Teaching: grading what Classroom 50 downloads")
struct DownloadTests {
    @Test func aDownloadStandsForItsStudentsAndJoinsTheirNewestScore() throws {
        let scratch = try TemporaryFolder()
        let download = scratch.url.appending(path: "combine-fall-combine_submissions_2026_12_07_T_09_00_00")
        for student in ["ada", "bo-b", "cy"] {
            try FileManager.default.createDirectory(
                at: download.appending(path: "combine-fall-combine-\(student)/Sources/Exercises"),
                withIntermediateDirectories: true)
        }
        try Data(
            """
            username,first_name,last_name,email,section,score,max_score,datetime,submission_tag,submitted_by,review_url,late,override
            ada,Ada,L,a@x,,89,100,2026-12-06T10:00:00Z,submit/2,ada,,false,
            ada,Ada,L,a@x,,45,100,2026-12-05T10:00:00Z,submit/1,ada,,false,
            bo-b,"Bo, B",B,b@x,,'-1,100,2026-12-06T10:00:00Z,submit/3,bo-b,,true,
            cy,Cy,C,c@x,,,,,,,,,

            """.utf8
        ).write(to: download.appending(path: "scores.csv"))
        let folder = ClassFolder(download)
        #expect(
            folder.students.map(\.lastPathComponent) == [
                "combine-fall-combine-ada", "combine-fall-combine-bo-b", "combine-fall-combine-cy",
            ])
        let rows = folder.students.map { folder.download?.row(forStudentFolder: $0.relativePath) }
        #expect(rows == [["ada", "89 of 100"], ["bo-b", "-1 of 100"], ["cy", "not submitted"]])
        let csv = gradesCSV(
            folder.students.map {
                StudentGrade(folder: $0.relativePath, outcomes: GradeTests.outcomes { _, _ in true })
            },
            joining: [folder])
        let lines = csv.split(separator: "\n")
        #expect(lines[0].hasPrefix("student,username,classroom 50 score,exercise 1 passed"))
        #expect(
            lines[1].hasPrefix(
                download.appending(path: "combine-fall-combine-ada").relativePath + ",ada,89 of 100,"))
        #expect(lines[1].hasSuffix(",100,"))
    }

    @Test func aStudentsOwnCopyIsNotADownload() throws {
        let scratch = try TemporaryFolder()
        let copy = scratch.url.appending(path: "ada")
        try FileManager.default.createDirectory(
            at: copy.appending(path: "Sources/Exercises"), withIntermediateDirectories: true)
        let folder = ClassFolder(copy)
        #expect(folder.students == [copy] && folder.download == nil)
        #expect(
            !gradesCSV([StudentGrade(folder: "ada", outcomes: [])], joining: [folder]).contains("username"))
    }

    @Test func csvFieldsMayHoldCommasQuotesAndLineBreaks() {
        #expect(
            csvRows("a,\"b, \"\"c\"\"\",'=d\n\"e\nf\",g\n") == [["a", "b, \"c\"", "=d"], ["e\nf", "g"]])
    }
}

/// Loose answer files, as an upload to Gradescope holds them, are found by name.
@Suite("Teaching: a submission of the answer files alone")
struct LooseSubmissionTests {
    @Test func anExercisesFileIsFoundByItsNameWhenThereIsNoPackage() throws {
        let scratch = try TemporaryFolder()
        let name = URL(filePath: exercises[1].file).lastPathComponent
        try FileManager.default.createDirectory(
            at: scratch.url.appending(path: "upload"), withIntermediateDirectories: true)
        try Data("answer".utf8).write(to: scratch.url.appending(path: "upload/" + name))
        #expect(
            exerciseFile(of: exercises[1], in: scratch.url) == scratch.url.appending(path: "upload/" + name))
        #expect(exerciseFile(of: exercises[0], in: scratch.url) == nil)
        #expect(notAWorkbook(scratch.url) == nil)
        try Data("another".utf8).write(to: scratch.url.appending(path: name))
        #expect(
            exerciseFile(of: exercises[1], in: scratch.url) == nil, "two files of that name: neither is taken"
        )
    }
}
