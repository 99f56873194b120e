import ExerciseCatalog
import Foundation

/// The student edition's `README.md`: what the package is, what to do first, the exercises with
/// their chapters' pages (`chapterPages`, as `docs/NN-name.md`), files and points, and how the work
/// is graded.
func studentReadme(chapterPages: [String]) -> String {
    let points = exercisePoints()
    let rows = zip(exercises, points).map { exercise, points in
        let prefix = "docs/" + String(format: "%02d-", exercise.number)
        let chapter = chapterPages.first { $0.hasPrefix(prefix) }.map { "[\($0)](\($0))" } ?? ""
        return
            "| \(exercise.number) | \(chapter) | \(exercise.task.replacingOccurrences(of: "|", with: "\\|")) | `Sources/Exercises/\(exercise.file)` | \(points) |"
    }
    return """
        # Combine networking, measured: your exercises

        Nine chapters, each a rule of Combine networking that you can run and watch: a chapter starts a
        real HTTP server on loopback, sends real requests through `URLSession` and prints what it
        measured. Each chapter ends with an exercise, and this copy of the workbook is yours to solve
        them in. You need Swift 6 (from swift.org; Xcode 16 or later on a Mac) and nothing else.

        ## What to do

        ```sh
        swift run workbook           # the chapters, where your exercises stand, and what to do next
        ```

        Then, for each exercise in turn:

        1. Read its chapter: `docs/NN-name.md`, and run it (`swift run workbook run 1` runs chapter 1).
        2. Open the exercise's file (the table below), read the task at the top, and write your answer
           where it says `✏️ Your work goes here`. Edit only that file.
        3. `swift run workbook check 1` builds your code and runs exercise 1's checks against the local
           server. Each check says what it expected, what it measured and where to look.
           `swift run workbook hint 1` gives a nudge; `swift run workbook watch` checks again each time
           you save.
        4. When every check passes, commit and push. Each push is graded again.

        The first check builds the package and takes a few minutes; after that a check takes seconds.
        `swift run workbook reset 1` puts exercise 1's file back as it started (your version is kept
        in `.workbook/replaced`). `swift test` checks the chapters, the server and the checks
        themselves, not your answers: it neither compiles nor runs your files, so it passes while
        one of them does not compile or is deleted.

        ## The exercises

        | # | Chapter | Task | Your file | Points |
        |---|---------|------|-----------|--------|

        """ + rows.joined(separator: "\n") + "\n" + """

            ## How it is graded

            Your teacher grades your exercise files, `Sources/Exercises/NN-Name/Name.swift`, with
            their own copy of the checks: whatever else your copy holds is not run. An exercise earns
            its points when every one of its checks passes; one that does not compile, crashes, hangs
            or is deleted costs only its own points. Edit only your exercise files: a changed check,
            `Package.swift` or test earns nothing, and is named in your grade's notes.

            Every push also runs `.github/workflows/self-check.yml`, which runs
            `swift run workbook check` on GitHub and lists each check's verdict in the run's summary:
            the same checks you run, for you to see. It awards no points.

            Your teacher has the reference solutions; this copy has none.
            `swift run workbook help` lists every command.

            """
}
