import CheckProcesses
import Verdicts

/// One check's result as printed: ✓ and the check, or ✗, the check, and what to look at.
public func rendered(_ result: CheckResult, style: TextStyle) -> String {
    let verdict = result.verdict
    let row = style.mark(holds: verdict.holds) + " " + result.sentence
    guard !verdict.holds else { return row }
    var lines = [
        row, Verdict.detail("expected", verdict.expected), Verdict.detail("measured", verdict.measured),
    ]
    lines += result.output.enumerated().map { index, line in Verdict.detail(index == 0 ? "output" : "", line)
    }
    lines.append(style.dim(Verdict.detail("hint", result.hint)))
    return lines.joined(separator: "\n")
}
