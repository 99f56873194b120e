import Classroom

/// What the command line asks the runner to do.
enum Request: Equatable {
    case overview
    case help
    case check(exercise: Int?, reports: GraderReportPaths = GraderReportPaths())
    case hint(Int)
    case run(Int, arguments: [String])
    /// `force` replaces a passing answer without asking.
    case reset(Int, force: Bool = false)
    case watch(Int?)
    case solution(Int)
    case studentEdition(folder: String)
    case grade(folders: [String], options: GradeOptions)
    /// A grading kit for a platform, written to `destination`.
    case assignment(AssignmentPlatform, destination: String)
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
        var reports = GraderReportPaths()
        do {
            reports.junit = try pathOption("--junit", example: "report.xml", in: &words)
            reports.results = try pathOption("--results", example: "results.json", in: &words)
            reports.summary = try pathOption("--summary", example: "summary.md", in: &words)
        } catch {
            return .failure(error)
        }
        switch optionalNumber(&words, command: "check") {
        case .success(let number): request = .check(exercise: number, reports: reports)
        case .failure(let mistake): return .failure(mistake)
        }
    case "student-edition":
        guard let folder = words.popFirst(), !folder.hasPrefix("-") else {
            return .failure(
                UsageMistake(
                    "student-edition needs a folder to write to, such as `workbook student-edition ../class`")
            )
        }
        request = .studentEdition(folder: folder)
    case "grade":
        var options = GradeOptions()
        do throws(UsageMistake) {
            options.csvPath = try pathOption("--csv", example: "grades.csv", in: &words)
            options.gradescopeResults = try pathOption("--gradescope", example: "results.json", in: &words)
            if let word = try pathOption("--exercise", example: "1", in: &words) {
                guard let number = Int(word) else {
                    throw UsageMistake("'\(word)' is not an exercise number; `--exercise 1` names exercise 1")
                }
                options.exercise = number
            }
        } catch {
            return .failure(error)
        }
        options.inPlace = words.contains("--in-place")
        options.again = words.contains("--again")
        words.removeAll { ["--in-place", "--again"].contains($0) }
        if let option = words.first(where: { $0.hasPrefix("-") }) {
            return .failure(UsageMistake("unexpected '\(option)'"))
        }
        guard !words.isEmpty else {
            return .failure(
                UsageMistake(
                    "grade needs the students' folders, such as `workbook grade class/* --csv grades.csv`"))
        }
        request = .grade(folders: Array(words), options: options)
        words.removeAll()
    case "assignment":
        let platforms = AssignmentPlatform.allCases.map(\.rawValue).joined(separator: " or ")
        guard let word = words.popFirst() else {
            return .failure(
                UsageMistake(
                    "assignment needs a platform, \(platforms), such as `workbook assignment classroom50 ../kit`"
                ))
        }
        guard let platform = AssignmentPlatform(rawValue: word) else {
            return .failure(UsageMistake("'\(word)' is not a platform the kits know; name \(platforms)"))
        }
        guard let destination = words.popFirst(), !destination.hasPrefix("-") else {
            return .failure(
                UsageMistake("assignment \(word) needs where to write it, such as \(platform.example)"))
        }
        request = .assignment(platform, destination: destination)
    case "watch":
        switch optionalNumber(&words, command: "watch") {
        case .success(let number): request = .watch(number)
        case .failure(let mistake): return .failure(mistake)
        }
    case let command? where ["hint", "run", "reset", "solution"].contains(command):
        let forced = command == "reset" && words.contains { ["--force", "-y"].contains($0) }
        if command == "reset" { words.removeAll { ["--force", "-y"].contains($0) } }
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
        case "solution": request = .solution(number)
        case "reset": request = .reset(number, force: forced)
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

/// The path after `option` (removing both from `words`), nil when the option is not there.
private func pathOption(
    _ option: String, example: String, in words: inout ArraySlice<String>
) throws(UsageMistake)
    -> String?
{
    guard let index = words.firstIndex(of: option) else { return nil }
    guard words.indices.contains(index + 1), !words[index + 1].hasPrefix("-") else {
        throw UsageMistake("\(option) needs the path of the report to write, such as \(option) \(example)")
    }
    defer { words.removeSubrange(index...(index + 1)) }
    return words[index + 1]
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

/// What `workbook help` prints: the learner's commands, the teacher's (only in the full edition,
/// which has the solutions and the teacher's guide they need), the options and the exit status.
let usage = [
    """
    usage: swift run workbook [command]

      (no command)        the chapters, each exercise's state, and what to do next
      check [N]           build your code and run exercise N's checks (every exercise's without N)
      check [N] --junit report.xml
                          also write the results as a JUnit XML report, for a grader
      check [N] --results results.json
                          also write them as Exercism's results.json (version 3), for a grader
      check [N] --summary summary.md
                          also add them to a Markdown summary (a GitHub Actions job summary)
      watch [N]           check exercise N (the first unsolved without N) each time its file is
                          saved, and move on to the next when it passes; Ctrl-C stops
      hint N              a nudge for exercise N
      run N               run chapter N (swift run <Chapter>)
    """,
    // full edition: begin
    """
      solution N          the reference solution of exercise N, once your answer passes
    """,
    // full edition: end
    """
      reset N [--force]   put exercise N's file back as it was at the start, keeping yours in
                          .workbook/replaced; asks first if yours passes (--force or -y: do not ask)
      help                this text

    """,
    // full edition: begin
    """
    for teachers (docs/teaching.md):
      student-edition DIR the package without its solutions, with a self-check workflow that
                          awards nothing, written to the new or empty folder DIR
      assignment classroom50 DIR
                          a Classroom 50 assignment: the template, the grading bundle, one
                          declarative test per exercise and the runtime, in the new folder DIR
      assignment gradescope FILE.zip
                          a Gradescope autograder (setup.sh, run_autograder and your checks)
      grade DIR... [--csv grades.csv]
                          check each student's copy (or every one in a folder `gh teacher
                          download` wrote) with your checks, and write a CSV row per student as
                          each finishes: checks passed per exercise, the total, and the points
      grade DIR... --again
                          grade every folder afresh; without it, a grading that stopped goes on
                          where it stopped, and a copy under way when it stopped is not graded
      grade DIR --exercise N
                          grade exercise N alone; exit 0 only if it earns its points
      grade DIR --gradescope results.json
                          also write Gradescope's results.json for the copy
      grade DIR --in-place
                          grade in this package itself, not a copy in .build (for a kit's copy)

    """,
    // full edition: end
    """
    options:
      --package-path DIR  the workbook's package folder (default: the one you are in)
      --scratch-path DIR  the build folder to build the checks in (default: this runner's)

    exit status: 0 done (every check passed), 1 a check failed or the code does not compile,
    2 the command could not run as asked
    """,
].joined(separator: "\n")
