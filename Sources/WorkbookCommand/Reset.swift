import CheckProcesses
import ExerciseCatalog
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Commands {
    /// Puts `exercise`'s starter back over the learner's file, first keeping the file it replaces
    /// in `.workbook/replaced` (never inside `Sources`, where SwiftPM would warn about it and a
    /// learner might commit it; never in `.build`, which `swift package clean` empties).
    ///
    /// An answer that passes as it stands is replaced only when `force` is set or the learner says
    /// yes at the terminal; without a terminal to ask, the reset is refused.
    func reset(_ exercise: Exercise, force: Bool) -> Int32 {
        let file = layout.exerciseFile(exercise)
        let shown = layout.relative(file)
        if !force, Progress(layout: layout).state(of: exercise, in: layout) == .solved {
            guard isatty(STDIN_FILENO) == 1 else {
                complain(
                    "workbook: exercise \(exercise.number) passes as it stands, so it is not replaced without asking;"
                        + " `swift run workbook reset \(exercise.number) --force` replaces it anyway")
                return 2
            }
            FileHandle.standardOutput.write(
                Data(
                    "Exercise \(exercise.number) passes as it stands. Replace it with the starter? [y/N] "
                        .utf8))
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                say("\(shown) is left as it is.")
                return 1
            }
        }
        do {
            let starter = try Data(contentsOf: layout.starterFile(exercise))
            if let kept = try keepReplaced(exercise, unless: starter) {
                say("Your \(shown) is kept as \(layout.relative(kept)).")
            }
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try starter.write(to: file, options: .atomic)
        } catch {
            complain("workbook: could not put \(shown) back: \(error.localizedDescription)")
            return 2
        }
        var progress = Progress(layout: layout)
        progress.forget(exercise)
        say("\(shown) is back as it was at the start.")
        return 0
    }

    /// Copies the learner's file to `.workbook/replaced/NN-Name/Name-<time>.swift` and returns where,
    /// or nil when there is nothing to keep: no file, or one that is the starter already.
    private func keepReplaced(_ exercise: Exercise, unless starter: Data) throws -> URL? {
        guard let current = try? Data(contentsOf: layout.exerciseFile(exercise)), current != starter else {
            return nil
        }
        let folder = layout.learnerState.appending(path: "replaced/" + exercise.folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
            .replacingOccurrences(of: ":", with: "")
        var kept = folder.appending(path: "\(exercise.name)-\(stamp).swift")
        var copy = 1
        while FileManager.default.fileExists(atPath: kept.path) {
            copy += 1
            kept = folder.appending(path: "\(exercise.name)-\(stamp)-\(copy).swift")
        }
        try current.write(to: kept)
        return kept
    }

    /// Shows the reference solution of `exercise`, but only once the learner's own answer passes
    /// as it stands, and never in the student edition, which has none.
    func solution(_ exercise: Exercise) -> Int32 {
        let file = layout.solutionFile(exercise)
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            complain(
                "workbook: this copy of the workbook has no reference solutions; your teacher has the one for exercise \(exercise.number)"
            )
            return 2
        }
        guard Progress(layout: layout).state(of: exercise, in: layout) == .solved else {
            say(
                "The reference solution of exercise \(exercise.number) shows once your answer passes:"
                    + " run `swift run workbook check \(exercise.number)` until it does"
                    + " (stuck? `swift run workbook hint \(exercise.number)`).")
            return 1
        }
        say(
            style.bold("The reference solution of exercise \(exercise.number)") + ", " + layout.relative(file)
                + ":")
        say("")
        say(text)
        return 0
    }
}
