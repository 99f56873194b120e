import Quantities
import Verdicts

/// One row of a report: a rule and its verdict.
public struct ReportLine: Sendable, Equatable {
    /// The rule's sentence, the row's name.
    public var rule: String
    /// What was expected and measured, and whether the rule held.
    public var verdict: Verdict
    /// What was measured that differs from run to run, printed with the timings.
    public var varies: String?
    /// Whether the rule shows a bug on purpose (code as written, before its fix): then holding
    /// means the bug was reproduced, and the row says so rather than a bare ✓.
    public var isDemonstration: Bool

    /// Makes a row; a rule that shows no bug and whose measurement reads the same every run needs
    /// only its sentence and verdict.
    public init(rule: String, verdict: Verdict, varies: String? = nil, isDemonstration: Bool = false) {
        self.rule = rule
        self.verdict = verdict
        self.varies = varies
        self.isDemonstration = isDemonstration
    }
}

extension ReportLine {
    /// The row as printed: the mark, the rule padded to `ruleWidth`, what was measured; and when the
    /// rule did not hold, a second line with what was expected instead.
    ///
    /// A demonstration that held leaves the mark's column empty and says `✓ reproduced:` before what
    /// it measured, so that a ✓ beside a bug never reads as "this is fine".
    /// Every row of a chapter pads to the same width, known before the first rule runs, which is
    /// what lets the chapter print each row the moment its rule finishes.
    public func rendered(ruleWidth: Int, style: TextStyle) -> String {
        let holds = verdict.holds
        let mark = holds && isDemonstration ? " " : style.mark(holds: holds)
        let outcome =
            isDemonstration ? (holds ? style.mark(holds: true) + " reproduced: " : "not reproduced: ") : ""
        let row = mark + " " + rule.padded(to: ruleWidth) + "   " + outcome + verdict.measured
        return holds ? row : row + "\n" + Verdict.detail("expected", verdict.expected)
    }
}

/// What a chapter prints: a title, one aligned row per rule, a tally, then its timings.
///
/// The facts (title, rows, tally) are the same on every run, so the docs quote them verbatim; the
/// timings vary, so they come after a blank line, where a reader and a docs check can leave them out.
public struct Report: Sendable {
    /// The chapter's title, printed above the rows.
    public var title: String
    /// One row per rule, in the order the rules ran.
    public var lines: [ReportLine]
    /// How long each rule took, in the order of `lines`.
    public var ruleDurations: [Duration]
    /// How long the whole run took, starting the server included.
    public var runDuration: Duration
    /// The platform the run measured, named in the timings' heading.
    public var platform: String

    /// Makes a report of a finished run; `platform` defaults to the one this process runs on.
    public init(
        title: String, lines: [ReportLine], ruleDurations: [Duration], runDuration: Duration,
        platform: String = platformName
    ) {
        self.title = title
        self.lines = lines
        self.ruleDurations = ruleDurations
        self.runDuration = runDuration
        self.platform = platform
    }

    /// How many rules held.
    public var heldCount: Int { lines.filter(\.verdict.holds).count }

    /// The process exit status the report stands for: 0 when every rule held, 1 otherwise.
    public var exitStatus: Int32 { heldCount == lines.count ? 0 : 1 }

    /// The closing tally, such as `6 of 6 as expected`.
    public var tally: String { "\(heldCount) of \(lines.count) as expected" }

    /// The title, the rows and the tally: the part that reads the same on every run, exactly as
    /// the chapter printed it row by row.
    public func facts(colour: Bool = false) -> String {
        let style = TextStyle(enabled: colour)
        let ruleWidth = lines.map(\.rule.count).max() ?? 0
        let rows = lines.map { $0.rendered(ruleWidth: ruleWidth, style: style) }
        return ([Report.heading(title, style: style)] + rows + ["", tally]).joined(separator: "\n")
    }

    /// The title and the blank line under it, printed before the first rule is measured.
    public static func heading(_ title: String, style: TextStyle) -> String {
        style.bold(title) + "\n"
    }

    /// How long each rule and the whole run took, with what a rule saw that varies, and where it
    /// ran: the part that varies.
    public func timings(colour: Bool = false) -> String {
        let style = TextStyle(enabled: colour)
        let names = lines.map(\.rule) + ["whole run"]
        let width = names.map(\.count).max() ?? 0
        let durations = (ruleDurations + [runDuration]).map(\.readable)
        let durationWidth = durations.map(\.count).max() ?? 0
        let asides = lines.map(\.varies) + [nil]
        let rows = zip(zip(names, durations), asides).map { row, aside in
            let timing = "  " + row.0.padded(to: width) + "   " + row.1
            guard let aside else { return timing }
            return timing.padded(to: 2 + width + 3 + durationWidth) + "   " + aside
        }
        let heading = Report.timingsHeading + " \(platform) (they vary from run to run):"
        return style.dim(([heading] + rows).joined(separator: "\n"))
    }

    /// How the timings part begins, which is how `stableReport(of:)` finds where the facts end.
    public static let timingsHeading = "timings on"

    /// The whole report, facts then timings, separated by a blank line.
    public func rendered(colour: Bool = false) -> String {
        facts(colour: colour) + "\n\n" + timings(colour: colour)
    }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        count < width ? self + String(repeating: " ", count: width - count) : self
    }
}
