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

/// How long a check waits for something that correct code does in milliseconds. It only runs out
/// when the code under check never does it, so it can be generous.
let patience = Duration.seconds(10)
