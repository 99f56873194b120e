import Foundation
import Locking
import LoopbackLab
import Quantities
import Verdicts

/// One rule of a chapter, as the runner sees it: the rule in a sentence, the function that
/// measures it, and how long the runner waits for that function.
///
/// The sentence is the rule's one name: the report row and the timeline section both use it.
public struct Rule: Sendable {
    /// The rule in one sentence: the name of its report row and its timeline section.
    public let sentence: String
    /// How long the runner waits for the measurement before it reports the rule as unfinished.
    public let deadline: Duration
    /// Whether the rule shows a bug on purpose; see `demonstration(_:deadline:_:)`.
    public let isDemonstration: Bool
    /// The sentence of the rule whose picture this rule's stands beside on the page, on the same
    /// time axis, such as a Combine rule for its async/await twin; see `drawn(beside:)`.
    public private(set) var drawnBeside: String?
    private let measure: @Sendable (Lab) async -> ReportLine

    /// Long enough for the slowest rule on a loaded machine (a child process that crashes and
    /// prints a backtrace), short enough that a learner is not left staring at a silent terminal.
    public static let defaultDeadline = Duration.seconds(60)

    /// A rule that states how things behave; `measure` measures it with the chapter's lab, and the
    /// runner reports it as unfinished when it takes longer than `deadline`.
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

    /// The same rule, its picture drawn on one time axis with the picture of the rule whose sentence
    /// is `sentence`, so that the two can stand one above the other on the page and be compared in
    /// time: an async/await twin beside the Combine rule it pairs with. Several rules may be drawn
    /// beside the same one; the axis then fits the longest of them all.
    public func drawn(beside sentence: String) -> Rule {
        var paired = self
        paired.drawnBeside = sentence
        return paired
    }

    /// The time axis each of `rules` shares, in order (nil for a rule drawn on its own): a rule
    /// drawn beside another shares that one's, named by its sentence, and so does the other.
    public static func sharedTimeAxes(of rules: [Rule]) -> [String?] {
        let partners = Set(rules.compactMap(\.drawnBeside))
        return rules.map { rule in
            rule.drawnBeside.map { "beside: " + $0 }
                ?? (partners.contains(rule.sentence) ? "beside: " + rule.sentence : nil)
        }
    }

    /// What is wrong with the pairings of `rules`, one line each: a rule drawn beside a sentence
    /// that is no other rule's, which would otherwise draw alone without a word, or beside a rule
    /// that is itself drawn beside a third, which would put the three on two axes.
    public static func pairingMistakes(in rules: [Rule]) -> [String] {
        let partners = Dictionary(rules.map { ($0.sentence, $0.drawnBeside) }) { first, _ in first }
        return rules.compactMap { rule in
            guard let partner = rule.drawnBeside else { return nil }
            if partner == rule.sentence { return "'\(rule.sentence)' is drawn beside itself" }
            guard let partnersPartner = partners[partner] else {
                return "'\(rule.sentence)' is drawn beside '\(partner)', which is no rule of this chapter"
            }
            return partnersPartner.map {
                "'\(rule.sentence)' is drawn beside '\(partner)', which is drawn beside '\($0)'; draw both beside it"
            }
        }
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
