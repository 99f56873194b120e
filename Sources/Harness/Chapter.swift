import Foundation
import LoopbackLab
import Timelines

/// Runs a chapter the same way for every chapter's `main.swift`.
public enum Chapter {
    /// Measures `rules` against a fresh lab, one after another, in order, handing each finished row
    /// to `rowFinished` at once (the runner prints it, so a slow rule shows where the run is).
    ///
    /// Each rule gets its own section on `Timeline.current`, titled with the rule's sentence, on the
    /// time axis it shares with the rules it is drawn beside (`Rule.drawn(beside:)`), if any.
    public static func measure(
        _ title: String, rules: [Rule], rowFinished: (ReportLine) -> Void = { _ in }
    ) async throws -> Report {
        let start = ContinuousClock.now
        let lab = try await Lab.open()
        defer { lab.close() }
        var lines: [ReportLine] = []
        var durations: [Duration] = []
        for (rule, axis) in zip(rules, Rule.sharedTimeAxes(of: rules)) {
            Timeline.current?.beginSection(rule.sentence)
            if let axis { Timeline.current?.shareTimeScale(axis) }
            let (line, duration) = await rule.run(in: lab)
            rowFinished(line)
            lines.append(line)
            durations.append(duration)
        }
        return Report(title: title, lines: lines, ruleDurations: durations, runDuration: .now - start)
    }
}
