import CheckProcesses
import ExerciseCatalog

/// Every exercise of the catalog with what its checks measure, in chapter order. A new chapter's
/// exercise joins here as well as in `exercises`; a test holds the two lists to each other.
public let checkedExercises: [CheckedExercise] = [
    shareReplayingLatestChecks,
    validatedBodyChecks,
    loadUserChecks,
    retryWithinBudgetChecks,
    latestSearchChecks,
    profileScreenModelChecks,
    modifiedSinceLoaderChecks,
    wrapCompletionHandlerChecks,
    userListModelChecks,
]

/// The child process side of `workbook check` for the checks of this catalog: runs the check its
/// arguments name against `codes` (see `runCheckFromCommandLine(finding:)`).
public func runCheckFromCommandLine(against codes: [any ExerciseCode]) -> Never {
    runCheckFromCommandLine { number, index in
        guard let exercise = checkedExercises.first(where: { $0.exercise.number == number }),
            exercise.checks.indices.contains(index)
        else { return nil }
        let check = exercise.checks[index]
        return CheckInProcess(checkedForm: check.checkedForm(in: codes)) { watch in
            try await check.run(against: codes, watch: watch)
        }
    }
}

/// The same, for one exercise's code.
public func runCheckFromCommandLine(against code: any ExerciseCode) -> Never {
    runCheckFromCommandLine(against: [code])
}

/// How long a check waits for something that correct code does in milliseconds (or, for a route
/// that answers after two seconds, in about two). It only runs out when the code under check never
/// does it; it is shorter than a check process's time limit (`workbook check` gives each five
/// seconds), so such code gets the check's own verdict rather than being stopped as stuck.
public enum CheckPatience {
    /// Four seconds for a learner's check. Tests that prove verdicts rather than speed, in a test
    /// process that runs many things at once, give it longer with `$current.withValue`.
    @TaskLocal public static var current = Duration.seconds(4)
}

/// The patience of the check under way.
var patience: Duration { CheckPatience.current }
