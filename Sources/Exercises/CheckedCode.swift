import ExerciseChecks

/// Where the checks find each exercise's code: one entry per exercise, naming the function the
/// exercise asks for. Leave this file as it is; it reads the same in Sources/Exercises,
/// Sources/Starters and Sources/Solutions, so the same checks run against all three.
public let checkedCode: [any ExerciseCode] = [
    SharedRequestCode { $0.shareReplayingLatest() },
    ErrorBodyCode { validatedBody(of: $0) },
    OfflineCode { loadUser(from: $0, session: $1) },
    ReviewFindingsCode { UserListModel(source: $0) },
]
