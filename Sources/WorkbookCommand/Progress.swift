import CheckProcesses
import ExerciseCatalog
import Foundation

/// Where an exercise stands, as the overview shows it.
enum ExerciseState: Equatable, Sendable {
    /// The file is exactly the starter.
    case notStarted
    /// The file was edited and has not passed every check as it is now.
    case inProgress
    /// The file, as it is now, passed every check.
    case solved
    /// The file is not there at all.
    case missing
}

/// Which exercise files passed every check, remembered by a fingerprint of their contents, so an
/// exercise edited after it passed counts as unsolved until it passes again.
///
/// Kept in `.workbook/progress.json` in the package folder, not the build folder, so that it
/// survives `swift package clean` and `swift package reset`; `.gitignore` leaves it out of
/// commits, since it is the learner's own state and a fresh `check` rebuilds it.
struct Progress {
    private let file: URL
    private var passed: [String: String]

    init(layout: Layout) {
        file = layout.learnerState.appending(path: "progress.json")
        passed = (try? JSONDecoder().decode([String: String].self, from: Data(contentsOf: file))) ?? [:]
    }

    /// Remembers whether `exercise`'s file, with `contents`, passed every check.
    mutating func record(_ exercise: Exercise, contents: Data, passed didPass: Bool) {
        passed[String(exercise.number)] = didPass ? fingerprint(contents) : nil
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JSONEncoder().encode(passed).write(to: file)
    }

    /// Forgets `exercise`'s result, as after a reset.
    mutating func forget(_ exercise: Exercise) {
        record(exercise, contents: Data(), passed: false)
    }

    /// Where `exercise` stands, given its file and starter as they are on disk.
    func state(of exercise: Exercise, in layout: Layout) -> ExerciseState {
        guard let contents = try? Data(contentsOf: layout.exerciseFile(exercise)) else { return .missing }
        if passed[String(exercise.number)] == fingerprint(contents) { return .solved }
        return contents == (try? Data(contentsOf: layout.starterFile(exercise))) ? .notStarted : .inProgress
    }
}

/// A 64-bit FNV-1a hash of `data`, in hex: enough to notice that a file changed.
func fingerprint(_ data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
}

extension Layout {
    /// `.workbook` in the package folder: what the runner keeps for the learner (progress, the
    /// files `reset` replaced), outside the build folder so that cleaning the build keeps it, and
    /// outside `Sources` so that SwiftPM never sees it.
    var learnerState: URL { root.appending(path: ".workbook") }

    /// The reference solution of `exercise`; only the full edition has one.
    func solutionFile(_ exercise: Exercise) -> URL {
        root.appending(path: "Sources/Solutions/" + exercise.file)
    }
}

extension Commands {
    /// `5 of 9 solved.`, as the files stand now.
    func solvedTally() -> String {
        let progress = Progress(layout: layout)
        let solved = exercises.filter { progress.state(of: $0, in: layout) == .solved }.count
        return style.bold("\(solved) of \(exercises.count) solved.")
    }
}
