import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child process side of `workbook check`: runs one check against `codes` and writes its verdict.
///
/// Usage: `ExerciseCheckRunner <exercise> <check> <verdict.json>` (check numbers count from 1). The
/// verdict goes to a file rather than standard output, so whatever the code under check prints
/// cannot be mistaken for it. Exit status: 0 when a verdict was written (passed or not), 2 when the
/// arguments name no check or the verdict cannot be written.
public func runCheckFromCommandLine(against codes: [any ExerciseCode]) async -> Never {
    writeOutputLineByLine()
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count == 3, let number = Int(arguments[0]), let index = Int(arguments[1]),
        let exercise = exercise(number), exercise.checks.indices.contains(index - 1)
    else {
        complain("usage: ExerciseCheckRunner <exercise> <check> <verdict.json>, naming an existing check")
        exit(2)
    }
    let verdict: Verdict
    do {
        verdict = try await exercise.checks[index - 1].run(against: codes)
    } catch {
        complain("could not start the local server: \(error)")
        exit(2)
    }
    do {
        try JSONEncoder().encode(verdict).write(to: URL(filePath: arguments[2]))
    } catch {
        complain("could not write the verdict to \(arguments[2]): \(error.localizedDescription)")
        exit(2)
    }
    exit(0)
}

private func complain(_ text: String) {
    FileHandle.standardError.write(Data(("ExerciseCheckRunner: " + text + "\n").utf8))
}
