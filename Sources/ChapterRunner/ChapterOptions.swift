import Foundation
import Harness
import TimelineDrawing

/// What a chapter's command line asks for.
///
/// A chapter takes one option, `--timeline <file>`, as often as it likes; anything else it does not
/// know is a mistake it names rather than ignores, so a typo never passes for a run that did what
/// was asked.
struct ChapterOptions: Equatable {
    /// Where to draw the run's timeline, if anywhere: each an SVG picture or an interactive HTML
    /// page, chosen by the file's extension.
    var timelines: [TimelineDestination] = []
    /// A folder to draw each rule's own picture in, if any, as the docs show them.
    var rulePictures: String?

    enum Parsed: Equatable {
        case run(ChapterOptions)
        case help
        /// A one-line description of what is wrong with the command line.
        case mistake(String)
    }

    static func parse(_ arguments: [String]) -> Parsed {
        var options = ChapterOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let path: String?
            switch argument {
            case "-h", "--help":
                return .help
            case "--rule-pictures":
                guard let folder = remaining.popFirst(), !folder.isEmpty, !folder.hasPrefix("-") else {
                    return .mistake("--rule-pictures needs the folder to draw each rule's picture in")
                }
                options.rulePictures = folder
                continue
            case "--timeline":
                path = remaining.popFirst().flatMap { $0.hasPrefix("-") ? nil : $0 }
            case _ where argument.hasPrefix("--timeline="):
                path = String(argument.dropFirst("--timeline=".count))
            default:
                return .mistake("unknown argument '\(argument)'")
            }
            guard let path, !path.isEmpty else {
                return .mistake("--timeline needs the file to draw, such as timeline.svg or timeline.html")
            }
            if let folder = TimelineDestination.folderProblem(path) {
                return .mistake(folder)
            }
            guard let destination = TimelineDestination(path: path) else {
                return .mistake(
                    "--timeline \(path): the timeline is drawn as .svg or .html; name a file that ends in one of them"
                )
            }
            options.timelines.append(destination)
        }
        return .run(options)
    }

    /// What `--help` prints: what the chapter measures, its option, and its exit codes, with the
    /// chapter named as a learner runs it (`swift run ColdPublishers`).
    static func help(command: String, title: String, rules: [Rule]) -> String {
        """
        \(title)

        usage: \(command) [--timeline <file.svg | file.html>] [--rule-pictures <folder>]

        Starts a local HTTP server on 127.0.0.1, measures each rule against it, and prints one row
        per rule as it finishes (✓ as expected, ✗ not), then a tally and the timings.

        rules:
        \(rules.map { "  " + $0.sentence }.joined(separator: "\n"))

        options:
          --timeline <file.svg>      also draw what happened, rule by rule, as an SVG picture
          --timeline <file.html>     ... or as a page to step through in a browser
          --rule-pictures <folder>   also draw each rule's own picture in the folder, as <rule>.svg
          -h, --help                 show this help

        The folders must exist already; the files in them are replaced.

        exit status: 0 every rule held, 1 a rule did not, 2 the chapter could not run as asked
        """
    }

    /// A mistake as the chapter prints it: one line that says what is wrong and how to get help,
    /// naming the command as it is typed.
    static func refusal(_ mistake: String, command: String) -> String {
        "error: \(mistake) (\(command) --help says what the chapter takes)"
    }
}

/// An error as one plain phrase for a person, without the domain, code and user-info dump that
/// Foundation's errors print: the POSIX reason underneath when there is one.
func plainReason(_ error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
        underlying.domain == NSPOSIXErrorDomain
    {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if error.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(error.code)))
    }
    return error.localizedDescription
}
