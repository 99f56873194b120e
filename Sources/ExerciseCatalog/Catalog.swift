/// Every exercise, in chapter order. A new chapter's exercise joins here, and its checks join
/// `checkedExercises` in `ExerciseChecks`.
public let exercises: [Exercise] = [
    .shareReplayingLatest,
    .validatedBody,
    .loadUser,
    .retryWithinBudget,
    .latestSearch,
    .profileScreenModel,
    .modifiedSinceLoader,
    .wrapCompletionHandler,
    .userListModel,
]

/// The exercise for chapter `number`, if it has one.
public func exercise(_ number: Int) -> Exercise? {
    exercises.first { $0.number == number }
}
