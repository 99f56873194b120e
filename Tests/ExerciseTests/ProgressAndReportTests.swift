import ExerciseCatalog
import ExerciseChecks
import Foundation
import Harness
import TestSupport
import Testing
import Verdicts

@testable import CheckProcesses
@testable import Classroom
@testable import WorkbookCommand

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Workbook: progress and the JUnit report")
struct ProgressAndReportTests {
    @Test func anExerciseIsSolvedOnlyAsTheFileStoodWhenItPassed() throws {
        try inTemporaryFolder("workbook-progress") { root in
            let layout = Layout(
                root: root, scratch: root.appending(path: ".build"), configuration: "debug", products: root)
            let exercise = exercises[0]
            var progress = Progress(layout: layout)
            #expect(progress.state(of: exercise, in: layout) == .missing)

            let starter = Data("starter\n".utf8)
            let answer = Data("answer\n".utf8)
            for (file, contents) in [
                (layout.starterFile(exercise), starter), (layout.exerciseFile(exercise), starter),
            ] {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: file)
            }
            #expect(progress.state(of: exercise, in: layout) == .notStarted)
            try answer.write(to: layout.exerciseFile(exercise))
            #expect(progress.state(of: exercise, in: layout) == .inProgress)
            progress.record(exercise, contents: answer, passed: true)
            #expect(Progress(layout: layout).state(of: exercise, in: layout) == .solved)
            try Data("answer, changed\n".utf8).write(to: layout.exerciseFile(exercise))
            #expect(Progress(layout: layout).state(of: exercise, in: layout) == .inProgress)
        }
    }

    @Test func theJUnitReportHasACasePerCheckAndFailuresWithWhatWasMeasured() throws {
        let exercise = exercises[0]
        let results = exercise.checks.enumerated().map { index, check in
            CheckResult(
                sentence: check.sentence, hint: check.hint,
                verdict: Verdict(expected: "1 value <&>", measured: "no value", holds: index == 0),
                output: index == 2 ? ["Fatal error: \u{1B}boom"] : [],
                duration: .milliseconds(250))
        }
        let broken = ExerciseOutcome(
            exercise: exercises[1], results: [], buildFailure: "x.swift:1:1: error: oops")
        let xml = junitReport([
            ExerciseOutcome(exercise: exercise, results: results, buildFailure: nil), broken,
        ])

        let document = try XMLDocument(data: Data(xml.utf8))
        let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
        #expect(
            suites.map { $0.attribute(forName: "tests")?.stringValue } == [
                "\(exercise.checks.count)", "\(exercises[1].checks.count)",
            ])
        #expect(
            suites.map { $0.attribute(forName: "failures")?.stringValue } == [
                "\(exercise.checks.count - 1)", "\(exercises[1].checks.count)",
            ])
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.count == exercise.checks.count + exercises[1].checks.count)
        #expect(cases.first?.attribute(forName: "name")?.stringValue == exercise.checks[0].sentence)
        let failures = try document.nodes(forXPath: "//failure").compactMap { $0 as? XMLElement }
        #expect(
            failures.first?.stringValue?.hasPrefix("expected: 1 value <&>\nmeasured: no value\nhint: ")
                == true)
        #expect(failures[1].stringValue?.hasSuffix("\noutput:\nFatal error: boom") == true)
        #expect(failures.last?.attribute(forName: "message")?.stringValue == "does not compile")
        #expect(failures.last?.stringValue == "x.swift:1:1: error: oops")
    }
}
