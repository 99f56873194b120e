import Foundation
import Locking

/// One rule of a chapter, as the runner sees it: the rule in a sentence, the function that
/// measures it, and how long the runner waits for that function.
///
/// The sentence is the rule's one name: the report row and the timeline section both use it.
public struct Rule: Sendable {
    public let sentence: String
    /// How long the runner waits for the measurement before it reports the rule as unfinished.
    public let deadline: Duration
    /// Whether the rule shows a bug on purpose; see `demonstration(_:deadline:_:)`.
    public let isDemonstration: Bool
    private let measure: @Sendable (Lab) async -> ReportLine

    /// Long enough for the slowest rule on a loaded machine (a child process that crashes and
    /// prints a backtrace), short enough that a learner is not left staring at a silent terminal.
    public static let defaultDeadline = Duration.seconds(60)

    public init<Value>(
        _ sentence: String, deadline: Duration = defaultDeadline,
        _ measure: @escaping @Sendable (Lab) async -> Finding<Value>
    ) {
        self.init(sentence, deadline: deadline, isDemonstration: false, measure)
    }

    private init<Value>(
        _ sentence: String, deadline: Duration, isDemonstration: Bool,
        _ measure: @escaping @Sendable (Lab) async -> Finding<Value>
    ) {
        self.sentence = sentence
        self.deadline = deadline
        self.isDemonstration = isDemonstration
        self.measure = { lab in
            let finding = await measure(lab)
            return ReportLine(
                rule: sentence, verdict: finding.verdict, varies: finding.varies,
                isDemonstration: isDemonstration)
        }
    }

    /// A rule that shows a bug on purpose, such as code as written before a review fixes it: its
    /// finding holds when the bug is reproduced, and the report prints `✓ reproduced:` rather than
    /// a ✓ that would read as "this is fine".
    public static func demonstration<Value>(
        _ sentence: String, deadline: Duration = defaultDeadline,
        _ measure: @escaping @Sendable (Lab) async -> Finding<Value>
    ) -> Rule {
        Rule(sentence, deadline: deadline, isDemonstration: true, measure)
    }

    /// Measures the rule, giving up at the deadline, and returns its report line and how long it took.
    ///
    /// The measurement runs in a task of its own, so a rule stuck on something that never happens
    /// (a response that never comes, a wait that ignores cancellation) cannot hold up the chapter:
    /// at the deadline the task is cancelled and left behind, and the row says what did not happen.
    func run(in lab: Lab) async -> (line: ReportLine, duration: Duration) {
        let start = ContinuousClock.now
        let measuring = Task { await measure(lab) }
        let finished = await first(of: measuring, orNilAfter: deadline)
        let line =
            finished
            ?? ReportLine(
                rule: sentence,
                verdict: Verdict(
                    expected: "a result within \(deadline.readable)",
                    measured: "still waiting after \(deadline.readable), given up", holds: false),
                isDemonstration: isDemonstration)
        return (line, .now - start)
    }
}

/// The task's value, or nil once `deadline` has passed first; in that case the task is cancelled
/// and not waited for.
private func first<Value: Sendable>(
    of task: Task<Value, Never>, orNilAfter deadline: Duration
) async -> Value? {
    await withCheckedContinuation { waiting in
        let answer = OnceAnswer(waiting)
        let timer = Task {
            try? await Task.sleep(for: deadline)
            if answer.give(nil) { task.cancel() }
        }
        Task {
            answer.give(await task.value)
            timer.cancel()
        }
    }
}

/// Runs a chapter the same way for every chapter's `main.swift`.
public enum Chapter {
    /// Measures `rules` against a fresh lab, one after another, in order, handing each finished row
    /// to `rowFinished` at once (the runner prints it, so a slow rule shows where the run is).
    ///
    /// Each rule gets its own section on `Timeline.current`, titled with the rule's sentence.
    public static func measure(
        _ title: String, rules: [Rule], rowFinished: (ReportLine) -> Void = { _ in }
    ) async throws -> Report {
        let start = ContinuousClock.now
        let lab = try await Lab.open()
        defer { lab.close() }
        var lines: [ReportLine] = []
        var durations: [Duration] = []
        for rule in rules {
            Timeline.current?.beginSection(rule.sentence)
            let (line, duration) = await rule.run(in: lab)
            rowFinished(line)
            lines.append(line)
            durations.append(duration)
        }
        return Report(title: title, lines: lines, ruleDurations: durations, runDuration: .now - start)
    }

    /// Reads the command line, starts the shared server, measures `rules` while printing each row
    /// as it finishes, then the tally and timings, and exits with the report's status:
    /// 0 when every rule held, 1 when one did not, 2 when the chapter could not run as asked.
    public static func run(_ title: String, rules: [Rule]) async -> Never {
        let name = ProcessInfo.processInfo.processName
        let command = "swift run \(name)"
        let options: ChapterOptions
        switch ChapterOptions.parse(Array(CommandLine.arguments.dropFirst())) {
        case .run(let parsed): options = parsed
        case .help:
            print(ChapterOptions.help(command: command, title: title, rules: rules))
            exit(0)
        case .mistake(let message):
            refuse(message, command: command)
        }
        // Checked before the run, so a learner does not wait for every rule to learn of a typo.
        if let problem = options.timelines.lazy.compactMap({ $0.problem() }).first {
            refuse(problem, command: command)
        }
        if let folder = options.rulePictures, let problem = RulePicture.folderProblem(folder) {
            refuse(problem, command: command)
        }
        let style = TextStyle.forStandardOutput
        let ruleWidth = rules.map(\.sentence.count).max() ?? 0
        let timeline = Timeline(title: name)
        let report: Report
        do {
            emit(Report.heading(title, style: style))
            report = try await Timeline.$current.withValue(timeline) {
                try await measure(title, rules: rules) {
                    emit($0.rendered(ruleWidth: ruleWidth, style: style))
                }
            }
        } catch {
            complain("error: \(name) could not start its local server: \(error)")
            exit(2)
        }
        emit("\n" + report.tally + "\n\n" + report.timings(colour: style.enabled))
        if !options.timelines.isEmpty || options.rulePictures != nil { emit("") }
        for destination in options.timelines {
            do {
                try destination.write(timeline)
                emit("timeline drawn in \(destination.absolutePath)")
            } catch {
                complain("error: could not write the timeline to \(destination.path): \(plainReason(error))")
                exit(2)
            }
        }
        if let folder = options.rulePictures {
            do {
                try RulePicture.write(timeline.rulePictures, into: folder)
                emit(
                    "\(counted(rules.count, "rule picture")) drawn in \(URL(fileURLWithPath: folder).standardizedFileURL.path)"
                )
            } catch {
                complain("error: could not draw the rules' pictures in \(folder): \(plainReason(error))")
                exit(2)
            }
        }
        exit(report.exitStatus)
    }

    /// Prints a mistake on the command line as one line and exits with status 2.
    private static func refuse(_ mistake: String, command: String) -> Never {
        complain(ChapterOptions.refusal(mistake, command: command))
        exit(2)
    }

    /// Writes a line to standard output at once, so it is there even if the process is then killed.
    private static func emit(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private static func complain(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// Resumes a continuation once: the first `give` answers, later ones are ignored.
private final class OnceAnswer<Value: Sendable>: Sendable {
    private let continuation: Locked<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Locked(continuation)
    }

    /// Answers with `value` unless an answer was given already; says whether this call answered.
    @discardableResult
    func give(_ value: Value) -> Bool {
        let waiting = continuation.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }
        waiting?.resume(returning: value)
        return waiting != nil
    }
}
