import Foundation

/// One rule of a chapter, as the runner sees it: a short title for the timeline, and the function
/// that measures it.
public struct Rule: Sendable {
    public let title: String
    private let measure: @Sendable (Lab) async -> ReportLine

    public init<Value>(_ title: String, _ measure: @escaping @Sendable (Lab) async -> Finding<Value>) {
        self.title = title
        self.measure = { await measure($0).line }
    }

    /// Measures the rule and returns its report line and how long it took.
    func run(in lab: Lab) async -> (line: ReportLine, duration: Duration) {
        var line: ReportLine?
        let duration = await ContinuousClock().measure { line = await measure(lab) }
        return (line!, duration)
    }
}

/// Runs a chapter the same way for every chapter's `main.swift`.
public enum Chapter {
    /// Measures `rules` against a fresh lab, one after another, in order.
    ///
    /// Each rule gets its own section on `Timeline.current`, titled with the rule's title.
    public static func measure(_ title: String, rules: [Rule]) async throws -> Report {
        let start = ContinuousClock.now
        let lab = try await Lab.open()
        defer { lab.close() }
        var lines: [ReportLine] = []
        var durations: [Duration] = []
        for rule in rules {
            Timeline.current?.beginSection(rule.title)
            let (line, duration) = await rule.run(in: lab)
            lines.append(line)
            durations.append(duration)
        }
        return Report(title: title, lines: lines, ruleDurations: durations, runDuration: .now - start)
    }

    /// Starts the shared server, measures `rules`, prints the report and exits with its status:
    /// 0 when every rule held, 1 when one did not, 2 when the chapter could not run at all.
    ///
    /// With `--timeline <path>` it also draws what happened as an SVG at that path; the printed
    /// report is the same either way.
    public static func run(_ title: String, rules: [Rule]) async -> Never {
        let timeline = Timeline(title: ProcessInfo.processInfo.processName)
        do {
            let report = try await Timeline.$current.withValue(timeline) {
                try await measure(title, rules: rules)
            }
            print(report.rendered(colour: TextStyle.forStandardOutput.enabled))
            if let path = Timeline.requestedPath() {
                try timeline.writeSVG(toPath: path)
            }
            exit(report.exitStatus)
        } catch {
            FileHandle.standardError.write(Data("the chapter stopped: \(error)\n".utf8))
            exit(2)
        }
    }
}
