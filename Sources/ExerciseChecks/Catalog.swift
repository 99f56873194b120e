import CheckProcesses

/// Every exercise, in chapter order. A new chapter's exercise joins here.
public let exercises: [Exercise] = [
    shareReplayingLatestExercise,
    validatedBodyExercise,
    loadUserExercise,
    retryWithinBudgetExercise,
    latestSearchExercise,
    profileScreenModelExercise,
    modifiedSinceLoaderExercise,
    wrapCompletionHandlerExercise,
    userListModelExercise,
]

/// The exercise for chapter `number`, if it has one.
public func exercise(_ number: Int) -> Exercise? {
    exercises.first { $0.number == number }
}

/// The child process side of `workbook check` for the checks of this catalog: runs the check its
/// arguments name against `codes` (see `runCheckFromCommandLine(of:against:)`).
public func runCheckFromCommandLine(against codes: [any ExerciseCode]) -> Never {
    runCheckFromCommandLine(of: exercises, against: codes)
}

/// The same, for one exercise's code.
public func runCheckFromCommandLine(against code: any ExerciseCode) -> Never {
    runCheckFromCommandLine(of: exercises, against: [code])
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
