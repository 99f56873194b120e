import CheckProcesses
import ExerciseChecks
import LatestSearchStarter
import LoadUserStarter
import ModifiedSinceLoaderStarter
import ProfileScreenModelStarter
import RetryWithinBudgetStarter
import ShareReplayingLatestStarter
import UserListModelStarter
import ValidatedBodyStarter
import WrapCompletionHandlerStarter

/// Where the checks find each exercise's code in this edition: one entry per exercise, naming the
/// function it asks for. Each entry is also the binding in the exercise's own runner
/// (`CheckRunners/NN-Name/main.swift`), and this file reads the same for the starters and the
/// solutions but for its imports; MirrorTests holds all three to it, since SwiftPM compiles a
/// source file into one target only.
public let checkedCode: [any ExerciseCode] = [
    ShareReplayingLatestCode { $0.shareReplayingLatest() },
    ValidatedBodyCode { validatedBody(of: $0) },
    LoadUserCode(loadUserForm, publisher: loadUser(from:session:), awaited: loadUser(from:session:)),
    RetryWithinBudgetCode { sendRetrying($0, session: $1, within: $2, scheduler: $3) },
    LatestSearchCode(searchForm, latestResults(for:from:scheduler:), latestResults(for:from:clock:)),
    ProfileScreenModelCode { ProfileScreenModel(baseURL: $0, session: $1) },
    ModifiedSinceLoaderCode { ModifiedSinceLoader(session: $0, decoder: $1) },
    WrapCompletionHandlerCode(publisher: userPublisher(from:using:), awaited: user(from:using:)),
    UserListModelCode { UserListModel(source: $0) },
]
