import CheckProcesses
import ExerciseCatalog
import Quantities
import Verdicts

/// The chapters in order, each with its rule, how to run it and where its exercise stands; then the
/// progress and the next thing to do.
func overview(layout: Layout, progress: Progress, style: TextStyle) -> String {
    let solved = exercises.filter { progress.state(of: $0, in: layout) == .solved }.count
    var lines = [
        style.bold("Combine networking workbook")
            + ": \(solved) of \(counted(exercises.count, "exercise")) solved",
        "Each chapter measures its rule in a Combine chain, then in async/await (the rows marked await:).",
        "",
    ]
    for chapter in layout.chapters() {
        lines.append(style.bold(String(chapter.number).leftPadded(to: 3)) + "  " + chapter.title)
        let state =
            ExerciseCatalog.exercise(chapter.number).map {
                describe(progress.state(of: $0, in: layout), of: $0, style: style)
            }
            ?? "no exercise yet"
        lines.append("     swift run \(chapter.name) · exercise: \(state)")
    }
    lines.append("")
    lines.append(nextStep(layout: layout, progress: progress, style: style))
    lines.append("")
    var commands = ["check [N]", "watch [N]", "hint N", "run N", "reset N", "help"]
    // full edition: begin
    commands.insert("solution N", at: 3)
    // full edition: end
    lines.append(style.dim("Commands: " + commands.joined(separator: " · ")))
    return lines.joined(separator: "\n")
}

/// What to do now: the first exercise not yet solved, or a word that all are.
func nextStep(layout: Layout, progress: Progress, style: TextStyle) -> String {
    guard let next = exercises.first(where: { progress.state(of: $0, in: layout) != .solved }) else {
        return "Every exercise is solved. `swift run workbook check` runs all their checks again."
    }
    return """
        \(style.bold("Next: exercise \(next.number).")) \(next.task)
          Edit \(layout.relative(layout.exerciseFile(next))), then run `swift run workbook check \(next.number)`.
          Stuck? `swift run workbook hint \(next.number)`.
        """
}

private func describe(_ state: ExerciseState, of exercise: Exercise, style: TextStyle) -> String {
    switch state {
    case .notStarted: "not started"
    case .inProgress: style.yellow("in progress")
    case .solved: style.green("✓ solved")
    case .missing: style.red("file missing (`swift run workbook reset \(exercise.number)` puts it back)")
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count < width ? String(repeating: " ", count: width - count) + self : self
    }
}
