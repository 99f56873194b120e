import ChildProcesses
import Foundation
import Quantities

/// One step of a GitHub Actions job, as far as `ActionsJob` models it.
struct ActionsStep: Equatable {
    /// What the step does: check the repository out (already done here: the folder is the
    /// checkout), run a shell command, grade with GitHub Classroom's command grader, or report.
    enum Action: Equatable {
        case checkout
        case run(String)
        case grade(command: String, setup: String, timeoutMinutes: Double, maxScore: Int)
        case report(runners: [String])
    }

    /// A step's `if:`, for the expressions modelled: none is `success()`.
    enum Condition: String, Equatable {
        case success = "success()"
        case always = "always()"
        case notCancelled = "!cancelled()"
        case failure = "failure()"
    }

    let name: String
    let id: String?
    let condition: Condition
    let continueOnError: Bool
    let action: Action
}

/// One step of a simulated run: what became of it, and what its commands wrote.
struct StepRun {
    let outcome: StepOutcome
    let log: String
    var duration: Duration = .zero
}

/// What became of one step in a simulated run.
enum StepOutcome: Equatable {
    case skipped
    case succeeded
    /// A `run:` step whose command failed; `continueOnError` says whether the job went on as if
    /// it had not.
    case failed(continueOnError: Bool)
    /// A grader step (it always succeeds as a step), with the points its command earned.
    case graded(points: Int)
}

/// A GitHub Actions job's steps, read from a workflow and run in order on a folder, by these rules
/// of Actions and of GitHub Classroom's actions, and no others:
///
/// - A step runs when its `if:` holds: `success()` (also when there is no `if:`) while no earlier
///   step has failed, `failure()` once one has, `always()` and `!cancelled()` always (nothing is
///   ever cancelled here).
/// - A `run:` step fails when its command exits non-zero (`bash -e`); with `continue-on-error:
///   true` its failure does not count as the job's.
/// - `classroom-resources/autograding-command-grader` runs `setup-command`, then `command`, each
///   with `/bin/sh -c`, only `PATH` and `HOME` of the environment (and the action's own
///   settings), and its `timeout` in minutes; the step earns its `max-score` when the command
///   exits 0 within the timeout, else nothing, and the step itself never fails. (The action kills
///   only the shell at the timeout; here `timeout(1)` kills all the command started, so that no
///   leftover process keeps the simulation waiting.)
/// - `classroom-resources/autograding-grading-reporter` reports the points of the grader steps its
///   `runners` name; a job whose reporter did not run reports nothing.
/// - `actions/checkout` stands for the folder as it is.
///
/// Any other key, action or `if:` is refused rather than guessed at. Not modelled: the job's own
/// `if:` and `timeout-minutes`, the container (commands run on this machine), and cancellation.
struct ActionsJob {
    let steps: [ActionsStep]

    /// The job's steps from `workflow`, which holds one job.
    init(workflow: String) throws(WorkflowNotModelled) {
        let lines = workflow.split(separator: "\n").map(String.init).filter {
            let text = $0.trimmingCharacters(in: .whitespaces)
            return !text.isEmpty && !text.hasPrefix("#")
        }
        let stepsAt = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == "steps:" }
        guard stepsAt.count == 1, let start = stepsAt.first else {
            throw WorkflowNotModelled("a workflow of one job with one `steps:` list")
        }
        let listIndent = indent(of: lines[start])
        var items: [[(key: String, value: String, indent: Int)]] = []
        for line in lines[(start + 1)...] {
            let depth = indent(of: line)
            guard depth > listIndent else { break }
            var text = line.trimmingCharacters(in: .whitespaces)
            var depthOfKey = depth
            if text.hasPrefix("- ") {
                items.append([])
                text.removeFirst(2)
                depthOfKey += 2
            }
            guard !items.isEmpty, let colon = text.firstIndex(of: ":") else {
                throw WorkflowNotModelled("the line `\(line)`")
            }
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            items[items.count - 1].append((String(text[..<colon]), unquoted(value), depthOfKey))
        }
        steps = try items.map(Self.step)
    }

    /// Runs the steps in order in `folder`, with `environment` as the runner's.
    func run(in folder: URL, environment: [String: String]) async throws -> [StepRun] {
        var runs: [StepRun] = []
        var jobFailed = false
        for step in steps {
            let started = ContinuousClock.now
            defer { runs[runs.count - 1].duration = ContinuousClock.now - started }
            let due =
                switch step.condition {
                case .success: !jobFailed
                case .failure: jobFailed
                case .always, .notCancelled: true
                }
            guard due else {
                runs.append(StepRun(outcome: .skipped, log: ""))
                continue
            }
            switch step.action {
            case .checkout, .report:
                runs.append(StepRun(outcome: .succeeded, log: ""))
            case .run(let command):
                let run = try await shell("/bin/bash", ["-e", "-c", command], in: folder, environment)
                let succeeded = run.ending == .exited(0)
                jobFailed = jobFailed || (!succeeded && !step.continueOnError)
                runs.append(
                    StepRun(
                        outcome: succeeded ? .succeeded : .failed(continueOnError: step.continueOnError),
                        log: run.log))
            case .grade(let command, let setup, let minutes, let maxScore):
                let graderEnvironment = environment.filter { ["PATH", "HOME"].contains($0.key) }.merging([
                    "FORCE_COLOR": "true", "DOTNET_CLI_HOME": "/tmp", "DOTNET_NOLOGO": "true",
                ]) { $1 }
                var passed = true
                var log = ""
                for part in [setup, command] where !part.isEmpty && passed {
                    // timeout(1), where there is one, kills everything the command started.
                    let limited =
                        FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout")
                        ? ["/usr/bin/timeout", "-s", "KILL", String(minutes * 60), "/bin/sh"] : ["/bin/sh"]
                    let run = try await shell(
                        limited[0], Array(limited.dropFirst()) + ["-c", part], in: folder, graderEnvironment,
                        deadline: .milliseconds(Int64(minutes * 60_000) + 5_000))
                    passed = run.ending == .exited(0)
                    log += run.log
                }
                runs.append(StepRun(outcome: .graded(points: passed ? maxScore : 0), log: log))
            }
        }
        return runs
    }

    /// The points the reporter reported from `runs`: the sum over the grader steps its `runners`
    /// name, or nil when no reporter ran.
    func reportedPoints(_ runs: [StepRun]) -> Int? {
        let ran = zip(steps, runs.map(\.outcome)).filter { $0.1 != .skipped }
        let runners = ran.compactMap { step, _ -> [String]? in
            if case .report(let runners) = step.action { runners } else { nil }
        }.last
        guard let runners else { return nil }
        return ran.reduce(0) { sum, pair in
            guard let id = pair.0.id, runners.contains(id), case .graded(let points) = pair.1 else {
                return sum
            }
            return sum + points
        }
    }

    private static func step(
        _ pairs: [(key: String, value: String, indent: Int)]
    ) throws(WorkflowNotModelled)
        -> ActionsStep
    {
        let top = pairs.first?.indent ?? 0
        var keys: [String: String] = [:]
        var with: [String: String] = [:]
        var section = ""
        for pair in pairs {
            if pair.indent == top {
                section = pair.key
                guard
                    ["name", "id", "if", "continue-on-error", "uses", "run", "with", "env"].contains(pair.key)
                else { throw WorkflowNotModelled("the step key `\(pair.key)`") }
                keys[pair.key] = pair.value
            } else if section == "with" {
                with[pair.key] = pair.value
            } else if section != "env" {
                throw WorkflowNotModelled("the nested key `\(pair.key)` under `\(section)`")
            }
        }
        guard let condition = ActionsStep.Condition(rawValue: keys["if"] ?? "success()") else {
            throw WorkflowNotModelled("the condition `if: \(keys["if"] ?? "")`")
        }
        let action: ActionsStep.Action
        switch (keys["uses"]?.split(separator: "@").first, keys["run"]) {
        case (nil, let command?) where command.hasPrefix("|") || command.hasPrefix(">"):
            throw WorkflowNotModelled("a `run:` block of several lines")
        case (nil, let command?):
            action = .run(command)
        case ("actions/checkout", nil):
            action = .checkout
        case ("classroom-resources/autograding-command-grader", nil):
            guard let command = with["command"], let score = Int(with["max-score"] ?? "0"),
                let minutes = Double(with["timeout"] ?? "10")
            else { throw WorkflowNotModelled("a grader without a command, a whole max-score or timeout") }
            action = .grade(
                command: command, setup: with["setup-command"] ?? "", timeoutMinutes: minutes, maxScore: score
            )
        case ("classroom-resources/autograding-grading-reporter", nil):
            action = .report(runners: (with["runners"] ?? "").split(separator: ",").map(String.init))
        default:
            throw WorkflowNotModelled("the step `\(keys["name"] ?? "")` (`uses: \(keys["uses"] ?? "")`)")
        }
        return ActionsStep(
            name: keys["name"] ?? "", id: keys["id"], condition: condition,
            continueOnError: keys["continue-on-error"] == "true", action: action)
    }

    /// Runs `program` in `folder`, killing it at `deadline`; its ending and what it wrote.
    private func shell(
        _ program: String, _ arguments: [String], in folder: URL, _ environment: [String: String],
        deadline: Duration? = nil
    ) async throws -> (ending: ChildEnding, log: String) {
        let run = try await runChildProcess(
            URL(filePath: "/bin/sh"),
            arguments: ["-c", "cd \"$0\" && exec \"$@\"", folder.path, program] + arguments,
            environment: environment, deadline: deadline)
        return (run.ending, run.output + run.errors)
    }
}

/// Part of a workflow `ActionsJob` does not model, named.
struct WorkflowNotModelled: Error, Equatable {
    let what: String

    init(_ what: String) {
        self.what = what
    }
}

private func indent(of line: String) -> Int {
    line.prefix { $0 == " " }.count
}

/// A YAML scalar without the single or double quotes around it.
private func unquoted(_ value: String) -> String {
    for quote in ["'", "\""] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
        return String(value.dropFirst().dropLast())
    }
    return value
}
