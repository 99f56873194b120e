import ExerciseChecks
import Foundation
import Testing

@testable import Classroom

/// The rules of GitHub Actions that `ActionsJob` models, each proven on a small job of stand-in
/// commands, and the generated `classroom.yml` run by them with stand-ins for its commands. Its
/// real commands, on real copies of the student edition, are `ClassroomScenarioTests`.
@Suite("Teaching: GitHub Actions' rules, as the Classroom simulation runs them")
struct ActionsSimulatorTests {
    private let folder = FileManager.default.temporaryDirectory

    /// A workflow of one job with `steps`, each a step's YAML lines.
    private func job(_ steps: [String]) throws -> ActionsJob {
        let listed = steps.map { step in
            step.split(separator: "\n").enumerated().map { ($0 == 0 ? "      - " : "        ") + $1 }
                .joined(separator: "\n")
        }
        return try ActionsJob(workflow: "jobs:\n  grade:\n    steps:\n" + listed.joined(separator: "\n"))
    }

    private func grader(
        _ id: String, _ command: String, points: Int, timeout: String = "1", condition: String? = nil
    )
        -> String
    {
        (["name: \(id)", "id: \(id)"] + (condition.map { ["if: '\($0)'"] } ?? []) + [
            "uses: classroom-resources/autograding-command-grader@v1", "with:", "  command: \(command)",
            "  timeout: \(timeout)", "  max-score: \(points)",
        ]).joined(separator: "\n")
    }

    private func reporter(_ runners: String, condition: String? = nil) -> String {
        (["name: report"] + (condition.map { ["if: '\($0)'"] } ?? []) + [
            "uses: classroom-resources/autograding-grading-reporter@v1", "with:", "  runners: \(runners)",
        ]).joined(separator: "\n")
    }

    private func run(
        _ job: ActionsJob, environment: [String: String] = [:]
    ) async throws -> (
        [StepOutcome], Int?
    ) {
        let runs = try await job.run(
            in: folder,
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""].merging(environment) {
                $1
            })
        return (runs.map(\.outcome), job.reportedPoints(runs))
    }

    @Test func aFailedStepSkipsEveryLaterStepWithoutACondition() async throws {
        let (outcomes, points) = try await run(
            job(["name: build\nrun: exit 1", grader("one", "true", points: 5), reporter("one")]))
        #expect(outcomes == [.failed(continueOnError: false), .skipped, .skipped])
        #expect(points == nil)
    }

    @Test func aFailureWithContinueOnErrorSkipsNothing() async throws {
        let (outcomes, points) = try await run(
            job([
                "name: build\ncontinue-on-error: true\nrun: exit 1", grader("one", "true", points: 5),
                reporter("one"),
            ]))
        #expect(outcomes == [.failed(continueOnError: true), .graded(points: 5), .succeeded])
        #expect(points == 5)
    }

    @Test func alwaysAndNotCancelledRunAfterAFailureAndFailureOnlyAfterOne() async throws {
        let steps = { (build: String) in
            try self.job([
                "name: build\nrun: \(build)", self.grader("one", "true", points: 5, condition: "always()"),
                self.grader("two", "true", points: 3, condition: "!cancelled()"),
                self.grader("three", "true", points: 2, condition: "failure()"),
                self.grader("four", "true", points: 1),
                self.reporter("one,two,three,four", condition: "always()"),
            ])
        }
        let (failed, failedPoints) = try await run(steps("exit 1"))
        #expect(
            failed == [
                .failed(continueOnError: false), .graded(points: 5), .graded(points: 3), .graded(points: 2),
                .skipped, .succeeded,
            ])
        #expect(failedPoints == 10)
        let (passed, passedPoints) = try await run(steps("true"))
        #expect(passed[3] == .skipped)
        #expect(passedPoints == 9)
    }

    /// A grader's step never fails; its points come only with exit status 0 within its timeout (in
    /// minutes: 0.02 is 1.2 s), and only the reporter's runners count.
    @Test func aGraderEarnsItsPointsOnlyByExiting0InTime() async throws {
        let started = ContinuousClock.now
        let (outcomes, points) = try await run(
            job([
                grader("passes", "exit 0", points: 7), grader("fails", "exit 3", points: 5),
                grader("hangs", "exec sleep 600", points: 4, timeout: "0.02"),
                grader("unreported", "true", points: 2), reporter("passes,fails,hangs"),
            ]))
        #expect(
            outcomes == [
                .graded(points: 7), .graded(points: 0), .graded(points: 0), .graded(points: 2), .succeeded,
            ]
        )
        #expect(points == 7)
        // Far short of the sleep, however loaded the machine: the hang was ended, not waited out.
        #expect(ContinuousClock.now - started < .seconds(300))
    }

    /// The command grader hands its command `PATH` and `HOME` alone of the runner's environment.
    @Test func aGradersCommandSeesOnlyPathAndHome() async throws {
        let (outcomes, _) = try await run(
            job([grader("clean", "test -z \"$SIMULATOR_PROBE\"", points: 1)]),
            environment: ["SIMULATOR_PROBE": "1"])
        #expect(outcomes == [.graded(points: 1)])
    }

    @Test(arguments: [
        ("if: github.event_name == 'push'\nrun: true", "the condition `if: github.event_name == 'push'`"),
        ("uses: actions/cache@v4", "the step `` (`uses: actions/cache@v4`)"),
        ("run: |", "a `run:` block of several lines"),
        ("timeout-minutes: 5\nrun: true", "the step key `timeout-minutes`"),
    ])
    func whatItDoesNotModelItRefusesToRun(step: String, refused: String) {
        #expect(throws: WorkflowNotModelled(refused)) { try job([step]) }
    }

    /// The workflow the student edition carries, with a build that fails and graders that pass:
    /// every exercise still earns its points.
    @Test func inTheGeneratedWorkflowAFailedBuildSkipsNoGrader() async throws {
        let workflow = classroomWorkflow()
        let job = try ActionsJob(workflow: workflow)
        #expect(job.steps.first?.action == .checkout)
        #expect(job.steps.dropFirst().first?.action == .run(classroomBuildCommand))
        #expect(
            job.steps.compactMap { if case .grade(let command, _, _, _) = $0.action { command } else { nil } }
                == exercises.map { classroomCommand($0.number) })
        let stood = try ActionsJob(
            workflow: workflow.replacingOccurrences(of: "run: " + classroomBuildCommand, with: "run: exit 1")
                .replacing(/command: swift run workbook check \d+/, with: "command: true"))
        let (outcomes, points) = try await run(stood)
        #expect(outcomes[1] == .failed(continueOnError: true))
        #expect(points == 100)
        // Without what keeps them apart, the failed build would have cost every point.
        let apart = try ActionsJob(
            workflow: workflow.replacingOccurrences(of: "run: " + classroomBuildCommand, with: "run: exit 1")
                .replacing(/command: swift run workbook check \d+/, with: "command: true")
                .replacing(/\n *continue-on-error: true|\n *if: '!cancelled\(\)'/, with: ""))
        #expect(try await run(apart).1 == nil)
    }
}
