import Foundation

/// What a chapter's command line asks for.
///
/// A chapter takes one option, `--timeline <file>`; anything else it does not know is a mistake
/// it names rather than ignores, so a typo never passes for a run that did what was asked.
struct ChapterOptions: Equatable {
    /// Where to draw the run's timeline as an SVG, if anywhere.
    var timelinePath: String?

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
            switch argument {
            case "-h", "--help":
                return .help
            case "--timeline":
                guard let path = remaining.popFirst(), !path.isEmpty, !path.hasPrefix("-") else {
                    return .mistake("--timeline needs the path of the picture to draw, such as timeline.svg")
                }
                options.timelinePath = path
            case _ where argument.hasPrefix("--timeline="):
                let path = String(argument.dropFirst("--timeline=".count))
                guard !path.isEmpty else {
                    return .mistake("--timeline= needs the path of the picture to draw, such as timeline.svg")
                }
                options.timelinePath = path
            default:
                return .mistake("unknown argument '\(argument)'")
            }
        }
        return .run(options)
    }

    /// What `--help` prints: what the chapter measures, its option, and its exit codes.
    static func help(name: String, title: String, rules: [Rule]) -> String {
        """
        \(title)

        usage: swift run \(name) [--timeline <file.svg>]

        Starts a local HTTP server on 127.0.0.1, measures each rule against it, and prints one row
        per rule as it finishes (✓ as expected, ✗ not), then a tally and the timings.

        rules:
        \(rules.map { "  " + $0.sentence }.joined(separator: "\n"))

        options:
          --timeline <file.svg>   also draw what happened, request by request, as an SVG picture
          -h, --help              show this help

        exit status: 0 every rule held, 1 a rule did not, 2 the chapter could not run as asked
        """
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
