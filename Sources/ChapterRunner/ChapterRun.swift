import Foundation
import Harness
import Quantities
import TimelineDrawing
import Timelines
import Verdicts

extension Chapter {
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
        // A pairing that names no rule is the chapter's own mistake, never the learner's.
        if let mistake = Rule.pairingMistakes(in: rules).first {
            complain("error: \(name) cannot draw its rules' pictures as paired: \(mistake)")
            exit(2)
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
