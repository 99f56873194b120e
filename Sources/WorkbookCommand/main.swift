import CheckProcesses
import ChildProcesses
import Classroom
import ExerciseCatalog
import Foundation

/// `swift run workbook`: the chapters and exercises, and the checks a class runs on its code.
func runWorkbook(_ arguments: [String]) async -> Int32 {
    let reading: CommandLineReading
    switch readCommandLine(arguments) {
    case .success(let read): reading = read
    case .failure(let mistake):
        complain("workbook: \(mistake.message) (see `swift run workbook help`)")
        return 2
    }
    if reading.request == .help {
        say(usage)
        return 0
    }
    guard let layout = Layout.find(packagePath: reading.packagePath, scratchPath: reading.scratchPath) else {
        complain(
            "workbook: no workbook package here; run it from the package folder, or name it with --package-path"
        )
        return 2
    }
    let commands = Commands(layout: layout, style: .forStandardOutput)
    func exercise(_ number: Int) -> Exercise? {
        if let found = ExerciseCatalog.exercise(number) { return found }
        complain(
            "workbook: there is no exercise \(number); the exercises are \(numbers(exercises.map(\.number)))")
        return nil
    }
    switch reading.request {
    case .overview, .help:
        say(overview(layout: layout, progress: Progress(layout: layout), style: commands.style))
        return 0
    case .check(nil, let reports):
        return await commands.check(exercises, reports: reports)
    case .check(let number?, let reports):
        guard let chosen = exercise(number) else { return 2 }
        return await commands.check([chosen], reports: reports)
    case .watch(nil):
        return await commands.watch(from: nil)
    case .watch(let number?):
        guard let first = exercise(number) else { return 2 }
        return await commands.watch(from: first)
    case .hint(let number):
        return exercise(number).map(commands.hint) ?? 2
    case .reset(let number, let force):
        return exercise(number).map { commands.reset($0, force: force) } ?? 2
    case .solution(let number):
        return exercise(number).map(commands.solution) ?? 2
    case .studentEdition(let folder):
        return makeStudentEdition(from: layout, into: URL(filePath: folder))
    case .grade(let folders, let options):
        return await grade(
            folders.map { URL(filePath: $0) }, options: options, layout: layout, style: commands.style)
    case .assignment(let platform, let destination):
        return writeAssignment(for: platform, from: layout, to: URL(filePath: destination))
    case .run(let number, let arguments):
        let chapters = layout.chapters()
        guard let chapter = chapters.first(where: { $0.number == number }) else {
            complain(
                "workbook: there is no chapter \(number); the chapters are \(numbers(chapters.map(\.number)))"
            )
            return 2
        }
        return commands.run(chapter, arguments: arguments)
    }
}

/// Numbers as a range when they run without a gap (`1–3`), else as a list.
func numbers(_ list: [Int]) -> String {
    guard let first = list.first, let last = list.last else { return "none yet" }
    return list == Array(first...last) && list.count > 2
        ? "\(first)–\(last)" : list.map(String.init).joined(separator: ", ")
}

refuseMemoryReaders()
becomeChildSubreaper()
exit(await runWorkbook(Array(CommandLine.arguments.dropFirst())))
