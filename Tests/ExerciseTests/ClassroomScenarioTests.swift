import CheckProcesses
import ExerciseChecks
import Foundation
import TestSupport
import Testing

@testable import Classroom

/// The student edition's own `classroom.yml`, its real commands run by GitHub Actions' rules
/// (`ActionsJob`) on one checkout of the edition in four states, as four students would push
/// it: each exercise scores on its own, whatever another one does.
///
/// Building and checking takes many minutes, so these run only when
/// `WORKBOOK_CLASSROOM_EDITION` names a student edition to use as the checkout, which
/// `scripts/check-student-edition` does (CI runs it). Its build folder is kept between the
/// states, as a runner's cache would be: that changes how long the builds take, never what they
/// decide. The exercise files are left as the starters at the end.
@Suite(
    "Teaching: on Classroom each exercise scores on its own", .serialized,
    .enabled(if: classroomCheckout != nil, "WORKBOOK_CLASSROOM_EDITION names no edition"))
struct ClassroomScenarioTests {

    /// What a student did to the starters before pushing.
    enum Change {
        case solved(Int)
        case doesNotCompile(Int)
        case deleted(Int)
    }

    @Test func noneSolvedScoresNothing() async throws {
        try await expectPoints(0, after: [])
    }

    @Test func exercise1NotCompilingCostsExercise2Nothing() async throws {
        try await expectPoints(classroomPoints()[1], after: [.doesNotCompile(1), .solved(2)])
    }

    @Test func exercise7DeletedCostsExercise3Nothing() async throws {
        try await expectPoints(classroomPoints()[2], after: [.deleted(7), .solved(3)])
    }

    @Test func allSolvedScores100() async throws {
        try await expectPoints(100, after: exercises.map { .solved($0.number) })
    }

    /// Puts every exercise back as its starter, makes `changes`, runs the workflow and expects
    /// the reporter to report `points`; prints each step's outcome and time.
    private func expectPoints(_ points: Int, after changes: [Change]) async throws {
        let checkout = try #require(classroomCheckout)
        defer { try? restoreStarters(in: checkout) }
        try restoreStarters(in: checkout)
        for change in changes {
            try make(change, in: checkout)
        }
        let workflow = try String(
            contentsOf: checkout.appending(path: ".github/workflows/classroom.yml"), encoding: .utf8)
        let job = try ActionsJob(workflow: workflow)
        let started = ContinuousClock.now
        let runs = try await job.run(in: checkout, environment: ProcessInfo.processInfo.environment)
        print("\(changes.isEmpty ? "no change" : "\(changes)"): \(seconds(ContinuousClock.now - started))")
        for (step, run) in zip(job.steps, runs) {
            print("  \(step.name): \(run.outcome), \(seconds(run.duration))")
        }
        let reported = job.reportedPoints(runs)
        #expect(reported == points, "\(changes)")
        if reported != points {
            for (step, run) in zip(job.steps, runs) where !run.log.isEmpty {
                print("--- \(step.name)\n\(run.log.suffix(3000))")
            }
        }
    }

    private func restoreStarters(in checkout: URL) throws {
        for exercise in exercises {
            let file = checkout.appending(path: "Sources/Exercises/" + exercise.file)
            let starter = try Data(
                contentsOf: packageRoot.appending(path: "Sources/Starters/" + exercise.file))
            guard (try? Data(contentsOf: file)) != starter else { continue }
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try starter.write(to: file)
        }
    }

    private func make(_ change: Change, in checkout: URL) throws {
        func file(_ number: Int) throws -> (exercise: Exercise, url: URL) {
            let exercise = try #require(exercises.first { $0.number == number })
            return (exercise, checkout.appending(path: "Sources/Exercises/" + exercise.file))
        }
        switch change {
        case .solved(let number):
            let (exercise, url) = try file(number)
            try Data(contentsOf: packageRoot.appending(path: "Sources/Solutions/" + exercise.file)).write(
                to: url)
        case .doesNotCompile(let number):
            let (_, url) = try file(number)
            try Data((try String(contentsOf: url, encoding: .utf8) + "\nlet broken: Int = \"one\"\n").utf8)
                .write(to: url)
        case .deleted(let number):
            // A clone of a repository whose file was deleted has no folder either: git keeps none.
            try FileManager.default.removeItem(at: try file(number).url.deletingLastPathComponent())
        }
    }
}

/// The student edition the scenarios push, when `WORKBOOK_CLASSROOM_EDITION` names one.
private let classroomCheckout = ProcessInfo.processInfo.environment["WORKBOOK_CLASSROOM_EDITION"].map {
    URL(filePath: $0)
}

private func seconds(_ duration: Duration) -> String {
    "\(duration.components.seconds) s"
}
