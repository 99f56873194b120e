import ExerciseChecks
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
/// Kept in the build folder: it is the learner's own state, never committed, and a fresh `check`
/// rebuilds it.
struct Progress {
    private let file: URL
    private var passed: [String: String]

    init(layout: Layout) {
        file = layout.scratch.appending(path: "workbook-progress.json")
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
