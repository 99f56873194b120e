import Foundation
import Harness

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child process side of `workbook check`: runs one check against `codes` and writes its verdict.
///
/// Usage: `<runner> <exercise> <check> <verdict.json>` (check numbers count from 1). The
/// verdict goes to a file rather than standard output, so whatever the code under check prints
/// cannot be mistaken for it. Exit status: 0 when a verdict was written (passed or not), 2 when the
/// arguments name no check or the verdict cannot be written.
///
/// The check runs in a task while the main thread runs the main run loop, as an app's does, so
/// work sent to the main queue (`receive(on: DispatchQueue.main)`, a main-actor model) runs on the
/// main thread. An async `main` would not do: on Linux it drains the main queue on another thread.
public func runCheckFromCommandLine(against codes: [any ExerciseCode]) -> Never {
    writeOutputLineByLine()
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count == 3, let number = Int(arguments[0]), let index = Int(arguments[1]),
        let exercise = exercise(number), exercise.checks.indices.contains(index - 1)
    else {
        complain("usage: \(runnerName) <exercise> <check> <verdict.json>, naming an existing check")
        exit(2)
    }
    let check = exercise.checks[index - 1]
    let verdictFile = URL(filePath: arguments[2])
    Task {
        let verdict: Verdict
        do {
            verdict = try await check.run(against: codes)
        } catch {
            complain("could not start the local server: \(error)")
            exit(2)
        }
        do {
            try JSONEncoder().encode(verdict).write(to: verdictFile)
        } catch {
            complain("could not write the verdict to \(verdictFile.path): \(error.localizedDescription)")
            exit(2)
        }
        exit(0)
    }
    RunLoop.main.run()
    // The run loop returns only if it has nothing at all to watch; the task still ends the process.
    dispatchMain()
}

/// The child process side of `workbook check` for one exercise's code: see the function above.
public func runCheckFromCommandLine(against code: any ExerciseCode) -> Never {
    runCheckFromCommandLine(against: [code])
}

/// This runner's name as it was started: `ShareReplayingLatestCheckRunner`, `StarterCheckRunner`…
private var runnerName: String {
    URL(filePath: CommandLine.arguments[0]).lastPathComponent
}

private func complain(_ text: String) {
    FileHandle.standardError.write(Data((runnerName + ": " + text + "\n").utf8))
}
