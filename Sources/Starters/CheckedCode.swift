import ExerciseChecks

/// Where the checks find each exercise's code: one entry per exercise, naming the function the
/// exercise asks for. Leave this file as it is; it reads the same in Sources/Exercises,
/// Sources/Starters and Sources/Solutions, so the same checks run against all three.
public let checkedCode: [any ExerciseCode] = [
    ShareReplayingLatestCode { $0.shareReplayingLatest() },
    ValidatedBodyCode { validatedBody(of: $0) },
    LoadUserCode { loadUser(from: $0, session: $1) },
    RetryWithinBudgetCode { sendRetrying($0, session: $1, within: $2, scheduler: $3) },
    LatestSearchCode { latestResults(for: $0, from: $1, scheduler: $2) },
    ProfileScreenModelCode { ProfileScreenModel(baseURL: $0, session: $1) },
    ModifiedSinceLoaderCode { ModifiedSinceLoader(session: $0, decoder: $1) },
    WrapCompletionHandlerCode(publisher: userPublisher(from:using:), awaited: user(from:using:)),
    UserListModelCode { UserListModel(source: $0) },
]
