import CheckProcesses
import ExerciseChecks
import Foundation
import TestSupport
import Testing

@testable import Classroom

/// The student edition's own `classroom.yml`, its real commands run by GitHub Actions' rules
/// (`ActionsJob`) on one checkout of the edition in five states, as five students would push
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
        /// Exercise 2's file replaced by one that writes a passing verdict everywhere it can and
        /// exits 0, as the forgeries among the answer variants do.
        case forgedExercise2
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

    @Test func aForgedExercise2EarnsNothingAndCostsExercise3Nothing() async throws {
        try await expectPoints(classroomPoints()[2], after: [.forgedExercise2, .solved(3)])
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
        case .forgedExercise2:
            try Data(forgedExercise2.utf8).write(to: try file(2).url)
        case .deleted(let number):
            // A clone of a repository whose file was deleted has no folder either: git keeps none.
            try FileManager.default.removeItem(at: try file(number).url.deletingLastPathComponent())
        }
    }
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

/// The student edition the scenarios push, when `WORKBOOK_CLASSROOM_EDITION` names one.
private let classroomCheckout = ProcessInfo.processInfo.environment["WORKBOOK_CLASSROOM_EDITION"].map {
    URL(filePath: $0)
}

private func seconds(_ duration: Duration) -> String {
    "\(duration.components.seconds) s"
}
