import CheckProcesses
import Classroom
import ExerciseCatalog
import Foundation
import Quantities
import Verdicts

/// The runner's commands, each returning the process's exit status: 0 done, 1 a check failed or
/// the code does not compile, 2 the command could not run as asked.
struct Commands {
    let layout: Layout
    let style: TextStyle

    // MARK: check

    /// Builds and checks each exercise of `chosen` in turn, printing each result as it comes, then
    /// what to do next unless `advising` is off; writes the graders' reports `reports` names.
    ///
    /// Each exercise is its own module with its own runner, so one that does not compile fails its
    /// own checks and the others are built and checked as usual.
    func check(
        _ chosen: [Exercise], reports: GraderReportPaths = GraderReportPaths(), advising: Bool = true
    ) async -> Int32 {
        guard let swift = CheckBuild.findSwift() else {
            complain(
                "workbook: cannot find `swift` on PATH; the checks build your code with it (install Swift 6 from swift.org)"
            )
            return 2
        }
        var outcomes: [ExerciseOutcome] = []
        for exercise in chosen {
            let build = CheckBuild(layout: layout, swift: swift, exercise: exercise)
            say("")
            say(
                style.bold("Exercise \(exercise.number) · \(exercise.name)") + "  "
                    + layout.relative(layout.exerciseFile(exercise)))
            guard FileManager.default.fileExists(atPath: layout.exerciseFile(exercise).path) else {
                let missing = missingFile(exercise)
                say(style.red("✗ ") + missing)
                outcomes.append(
                    ExerciseOutcome(exercise: exercise, results: [], buildFailure: "✗ " + missing))
                continue
            }
            say(style.dim(buildingMessage(for: exercise, swift: swift)))
            let buildLog: String?
            do {
                buildLog = try await build.run()
            } catch {
                complain("workbook: could not start \(swift.path): \(error.localizedDescription)")
                return 2
            }
            if let buildLog {
                say(buildFailure(buildLog, for: exercise))
                // The report is read by programs: the same errors, without colour.
                let plain = Commands(layout: layout, style: TextStyle(enabled: false)).buildFailure(
                    buildLog, for: exercise)
                outcomes.append(ExerciseOutcome(exercise: exercise, results: [], buildFailure: plain))
                continue
            }
            guard FileManager.default.isExecutableFile(atPath: build.runner.path) else {
                complain(
                    "workbook: the build succeeded but left no \(build.product) in \(layout.products.path)")
                return 2
            }
            outcomes.append(await check(exercise, runner: build.runner))
        }
        guard writeGraderReports(outcomes, to: reports) else { return 2 }
        let unsolved = outcomes.first { $0.buildFailure != nil || !$0.results.allSatisfy(\.verdict.holds) }
        guard advising else { return unsolved == nil ? 0 : 1 }
        if chosen.count == exercises.count { say(solvedTally()) }
        if let unsolved = unsolved?.exercise,
            !FileManager.default.fileExists(atPath: layout.exerciseFile(unsolved).path)
        {
            say("Run `swift run workbook reset \(unsolved.number)`, then edit its file and check it again.")
            return 1
        }
        if let unsolved = unsolved?.exercise {
            say(
                "Edit \(layout.relative(layout.exerciseFile(unsolved))), then run `swift run workbook check \(unsolved.number)`"
                    + " again. Stuck? `swift run workbook hint \(unsolved.number)`.")
            return 1
        }
        say(nextStep(layout: layout, progress: Progress(layout: layout), style: style))
        return 0
    }

    /// Runs one exercise's checks against its built runner, printing as they finish, and records
    /// whether the exercise's file, as it was checked, passed them all.
    private func check(_ exercise: Exercise, runner: URL) async -> ExerciseOutcome {
        let contents = (try? Data(contentsOf: layout.exerciseFile(exercise))) ?? Data()
        let style = self.style
        let first = exercise.checks.first?.sentence
        let checked = await checksOfItsOwnRunner(
            exercise, runner: runner, builtAs: RunnerFingerprint(of: runner)
        ) { result in
            // The results come in check order: the first one says, before it, which form was checked.
            if result.sentence == first, let form = result.checkedForm {
                say(Commands.formLine(form, style: style))
            }
            say(rendered(result, style: style))
        }
        let results = checked.outcome.results
        if checked.replaced {
            say(style.red("✗ the check runner was replaced while these checks ran: none of them counts"))
        }
        let passed = results.filter(\.verdict.holds).count
        let solved = passed == results.count
        var progress = Progress(layout: layout)
        progress.record(exercise, contents: contents, passed: solved)
        let tally = "\(passed) of \(counted(results.count, "check")) passed"
        say(solved ? style.green(tally + ": exercise \(exercise.number) is solved.") : tally + ".")
        say("")
        return ExerciseOutcome(exercise: exercise, results: results, buildFailure: nil)
    }

    /// The line before an exercise's results that says which of its forms the checks ran against.
    static func formLine(_ form: String, style: TextStyle) -> String {
        style.dim("Checking \(form).")
    }

    /// What a check says of an exercise whose file is gone, and the one command that brings it back.
    func missingFile(_ exercise: Exercise) -> String {
        "exercise \(exercise.number)'s file \(layout.relative(layout.exerciseFile(exercise))) is missing:"
            + " `swift run workbook reset \(exercise.number)` puts its starter back"
    }

    /// Why `exercise` could not be built: the compiler's first errors, those in the exercise's own
    /// folder first, then any at all, the first of them on the opening line with its file and line;
    /// the end of the log when it names no error.
    func buildFailure(_ log: String, for exercise: Exercise) -> String {
        let errors = compilerErrors(in: log)
        let folder =
            layout.root.appending(path: "Sources/Exercises/" + exercise.folder).standardizedFileURL.path + "/"
        let shown = [errors.filter { $0.path.hasPrefix(folder) }, errors].first { !$0.isEmpty } ?? []
        guard !shown.isEmpty else {
            let tail = log.split(separator: "\n").suffix(20).joined(separator: "\n")
            return style.red("✗ exercise \(exercise.number) could not be built:") + "\n" + tail
        }
        let rootPrefix = layout.root.standardizedFileURL.path + "/"
        let blocks = shown.prefix(3).map { error in
            ([error.heading.replacingOccurrences(of: rootPrefix, with: "")] + error.excerpt).joined(
                separator: "\n")
        }
        let more = shown.count > 3 ? "\n(and \(shown.count - 3) more; fix these first)" : ""
        return style.red("✗ exercise \(exercise.number) does not compile:") + " "
            + blocks.joined(separator: "\n\n") + more
    }

    // MARK: hint, run

    func hint(_ exercise: Exercise) -> Int32 {
        say(style.bold("Exercise \(exercise.number) · \(exercise.name)") + ": " + exercise.task)
        say("Edit " + layout.relative(layout.exerciseFile(exercise)))
        say("")
        say(exercise.hint)
        say("")
        say("The checks:")
        for check in exercise.checks {
            say("  • " + check.sentence)
        }
        return 0
    }

    /// Runs chapter `chapter` with `swift run`, passing `arguments` on; its output is the learner's.
    func run(_ chapter: ChapterEntry, arguments: [String]) -> Int32 {
        guard let swift = CheckBuild.findSwift() else {
            complain(
                "workbook: cannot find `swift` on PATH; chapters run with it (install Swift 6 from swift.org)"
            )
            return 2
        }
        let process = Process()
        process.executableURL = swift
        process.arguments =
            [
                "run", "--package-path", layout.root.path, "--scratch-path", layout.scratch.path,
                "--configuration",
                layout.configuration, chapter.name,
            ] + arguments
        do {
            try process.run()
        } catch {
            complain("workbook: could not start \(swift.path): \(error.localizedDescription)")
            return 2
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension Commands {
    /// What a check of `exercise` waits for while its runner builds: the checks' own modules the
    /// first time any runner is built (the slow build, said once), this exercise's checks the
    /// first time they are built, and otherwise only the learner's code.
    func buildingMessage(for exercise: Exercise, swift: URL) -> String {
        let built = { (exercise: Exercise) in
            FileManager.default.fileExists(
                atPath: CheckBuild(layout: layout, swift: swift, exercise: exercise).runner.path)
        }
        if !exercises.contains(where: built) {
            return
                "Building the checks for the first time, then your code; later checks build only what changed…"
        }
        if !built(exercise) {
            return "Building exercise \(exercise.number)'s checks, with your code…"
        }
        return "Building your code…"
    }
}
