import CheckProcesses
import ExerciseCatalog
import Verdicts

/// A Markdown summary of a `check` run, as a GitHub Actions job summary shows it: how many exercises
/// are solved, a row per exercise, then each check that failed with what it expected and measured.
func markdownSummary(_ outcomes: [ExerciseOutcome]) -> String {
    let solved = outcomes.filter {
        $0.buildFailure == nil && !$0.results.isEmpty && $0.results.allSatisfy(\.verdict.holds)
    }
    var lines = [
        "## Workbook self-check: \(solved.count) of \(outcomes.count) exercises solved", "",
        "| Exercise | Checks passed | |", "|---|---|---|",
    ]
    for outcome in outcomes {
        let passed = outcome.results.filter(\.verdict.holds).count
        let state =
            outcome.buildFailure != nil
            ? "❌ does not compile" : passed == outcome.exercise.checks.count ? "✅ solved" : "❌"
        lines.append(
            "| \(outcome.exercise.number) · \(outcome.exercise.name) | \(passed) of \(outcome.exercise.checks.count) | \(state) |"
        )
    }
    for outcome in outcomes where outcome.buildFailure != nil || !outcome.results.allSatisfy(\.verdict.holds)
    {
        lines += ["", "### Exercise \(outcome.exercise.number) · \(outcome.exercise.name)", "", "```text"]
        lines.append(
            outcome.buildFailure
                ?? outcome.results.filter { !$0.verdict.holds }.map {
                    rendered($0, style: TextStyle(enabled: false))
                }
                .joined(separator: "\n"))
        lines.append("```")
    }
    return lines.joined(separator: "\n") + "\n\nThis self-check awards no points.\n"
}
