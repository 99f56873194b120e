import CheckProcesses
import ExerciseCatalog
import Foundation

extension Commands {
    /// Checks `first` (or the first unsolved exercise), then again each time its file changes;
    /// when it passes, moves on to the next unsolved exercise, and stops when none is left.
    ///
    /// Saving is noticed by reading the file twice a second and comparing its contents, which sees
    /// every editor's way of saving (in place, or a new file renamed over the old).
    func watch(from first: Exercise?) async -> Int32 {
        var current = first ?? firstUnsolved(after: nil)
        while let exercise = current {
            let status = await check([exercise], advising: false)
            if status == 2 { return status }
            if status == 0 {
                current = firstUnsolved(after: exercise)
                if let next = current { say(style.bold("On to exercise \(next.number):") + " " + next.task) }
                continue
            }
            let file = layout.exerciseFile(exercise)
            say(style.dim("Watching \(layout.relative(file)): save it to check again; Ctrl-C stops."))
            await waitForChange(of: file)
        }
        say(style.green("Every exercise is solved."))
        return 0
    }

    /// The first exercise not solved as its file stands, looking after `exercise` first, then from
    /// the beginning.
    private func firstUnsolved(after exercise: Exercise?) -> Exercise? {
        let progress = Progress(layout: layout)
        let later = exercises.filter { $0.number > (exercise?.number ?? 0) }
        return (later + exercises).first { progress.state(of: $0, in: layout) != .solved }
    }

    private func waitForChange(of file: URL) async {
        let before = try? Data(contentsOf: file)
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(500))
            if let now = try? Data(contentsOf: file), now != before { return }
        }
    }
}
