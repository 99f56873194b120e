/// What the command line asks the runner to do.
enum Request: Equatable {
    case overview
    case help
    case check(exercise: Int?, junitPath: String?)
    case hint(Int)
    case run(Int, arguments: [String])
    case reset(Int)
    case watch(Int?)
}

/// The command line, read: the request, and the package and build folder it is about.
struct CommandLineReading: Equatable {
    var request: Request
    var packagePath: String?
    var scratchPath: String?
}

/// Reads the arguments after the program's name, or says in one line what is wrong with them.
///
/// Exercise numbers are only checked to be numbers here; whether such an exercise exists is
/// answered where the catalog is at hand.
func readCommandLine(_ arguments: [String]) -> Result<CommandLineReading, UsageMistake> {
    var words = arguments[...]
    var folders: [String: String] = [:]
    for option in ["--package-path", "--scratch-path"] {
        guard let index = words.firstIndex(of: option) else { continue }
        guard words.indices.contains(index + 1) else {
            return .failure(UsageMistake("\(option) needs a folder, such as \(option) ."))
        }
        folders[option] = words[index + 1]
        words.removeSubrange(index...(index + 1))
    }
    let packagePath = folders["--package-path"]
    let scratchPath = folders["--scratch-path"]
    let request: Request
    switch words.popFirst() {
    case nil:
        request = .overview
    case "help", "-h", "--help":
        request = .help
    case "check":
        var junit: String?
        if let index = words.firstIndex(of: "--junit") {
            guard words.indices.contains(index + 1), !words[index + 1].hasPrefix("-") else {
                return .failure(
                    UsageMistake("--junit needs the path of the report to write, such as --junit report.xml"))
            }
            junit = words[index + 1]
            words.removeSubrange(index...(index + 1))
        }
        switch optionalNumber(&words, command: "check") {
        case .success(let number): request = .check(exercise: number, junitPath: junit)
        case .failure(let mistake): return .failure(mistake)
        }
    case "watch":
        switch optionalNumber(&words, command: "watch") {
        case .success(let number): request = .watch(number)
        case .failure(let mistake): return .failure(mistake)
        }
    case let command? where ["hint", "run", "reset"].contains(command):
        guard let word = words.popFirst() else {
            return .failure(
                UsageMistake("\(command) needs an exercise number, such as `workbook \(command) 1`"))
        }
        guard let number = Int(word) else {
            return .failure(
                UsageMistake("'\(word)' is not an exercise number; `workbook \(command) 1` names exercise 1"))
        }
        switch command {
        case "hint": request = .hint(number)
        case "reset": request = .reset(number)
        default:
            return .success(
                CommandLineReading(
                    request: .run(number, arguments: Array(words)), packagePath: packagePath,
                    scratchPath: scratchPath))
        }
    case let command?:
        return .failure(UsageMistake("unknown command '\(command)'"))
    }
    if let extra = words.first {
        return .failure(UsageMistake("unexpected '\(extra)'"))
    }
    return .success(CommandLineReading(request: request, packagePath: packagePath, scratchPath: scratchPath))
}

/// An optional exercise number after `command`.
private func optionalNumber(_ words: inout ArraySlice<String>, command: String) -> Result<Int?, UsageMistake>
{
    guard let word = words.first, !word.hasPrefix("-") else { return .success(nil) }
    words.removeFirst()
    guard let number = Int(word) else {
        return .failure(
            UsageMistake("'\(word)' is not an exercise number; `workbook \(command) 1` names exercise 1"))
    }
    return .success(number)
}

/// A mistake on the command line, in one line for the learner.
struct UsageMistake: Error, Equatable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

/// What `workbook help` prints.
let usage = """
    usage: swift run workbook [command]

      (no command)        the chapters, each exercise's state, and what to do next
      check [N]           build your code and run exercise N's checks (every exercise's without N)
      check [N] --junit report.xml
                          also write the results as a JUnit XML report, for a grader
      watch [N]           check exercise N (the first unsolved without N) each time its file is
                          saved, and move on to the next when it passes; Ctrl-C stops
      hint N              a nudge for exercise N
      run N               run chapter N (swift run <Chapter>)
      reset N             put exercise N's file back as it was at the start
      help                this text

    options:
      --package-path DIR  the workbook's package folder (default: the one you are in)
      --scratch-path DIR  the build folder to build the checks in (default: this runner's)

    exit status: 0 done (every check passed), 1 a check failed or the code does not compile,
    2 the command could not run as asked
    """
