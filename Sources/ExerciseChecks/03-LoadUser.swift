import CheckProcesses
import Combine
import ExerciseCatalog
import ExerciseSupport
import Foundation
import Harness
import LoopbackLab
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 3's code: loads a user, failing with a `LoadError`, as a publisher or as an `async`
/// function, whichever the learner's file names in `loadUserForm`.
public struct LoadUserCode: ExerciseCode, AnswersInEitherForm {
    /// The loader as a publisher: it loads the user at the URL through the session.
    public typealias Publisher = @Sendable (URL, URLSession) -> AnyPublisher<User, LoadError>
    /// The same loader as an `async` function that throws a `LoadError`.
    public typealias Awaited = @Sendable (URL, URLSession) async throws(LoadError) -> User

    /// The loader in one form.
    enum Loader {
        case combine(Publisher)
        case async(Awaited)
    }

    /// The loader the checks run against.
    let loader: Loader
    /// Both of the file's loaders, when it has both: what `answered(in:)` chooses from.
    private let both: (publisher: Publisher, awaited: Awaited)?

    /// A loader written as a publisher.
    public init(load: @escaping Publisher) {
        (loader, both) = (.combine(load), nil)
    }

    /// A loader written as an `async` function.
    public init(awaited: @escaping Awaited) {
        (loader, both) = (.async(awaited), nil)
    }

    /// The learner's file, which has both loaders: the checks run against the one `form` names.
    public init(_ form: AnswerForm, publisher: @escaping Publisher, awaited: @escaping Awaited) {
        loader = form == .combine ? .combine(publisher) : .async(awaited)
        both = (publisher, awaited)
    }

    /// Which of the two forms the checks run against: the one the loader was written in, or the one
    /// the learner's file names.
    public var form: AnswerForm {
        if case .combine = loader { .combine } else { .async }
    }

    /// The same file's code with `form` checked instead; nil when only one form was given.
    public func answered(in form: AnswerForm) -> LoadUserCode? {
        both.map { LoadUserCode(form, publisher: $0.publisher, awaited: $0.awaited) }
    }

    /// The checked form as the runner names it, with the setting in the learner's file that chose it.
    public var checkedForm: String? {
        (form == .combine ? "the Combine" : "the async") + " loadUser(from:session:), as loadUserForm says"
    }
}

let loadUserChecks = CheckedExercise(
    .loadUser, code: LoadUserCode.self,
    measures: [
        CheckOf(userArrives),
        CheckOf(missingUserIsServerSayingNo),
        CheckOf(refusedConnectionIsOffline),
        CheckOf(timeoutIsNotOffline),
        CheckOf(droppedConnectionIsNotOffline),
    ])

/// A finding on loading `url` through `session`, in whichever form the code is written: the user
/// the publisher delivered or the function returned, or the `LoadError` it failed with.
private func loadFinding(
    _ code: LoadUserCode, _ url: URL, session: URLSession, expected: Result<[User], LoadError>
) async -> Finding<Result<[User], LoadError>> {
    let measured: Result<[User], LoadError>
    switch code.loader {
    case .combine(let load):
        measured = await outcome(of: load(url, session))
    case .async(let load):
        do throws(LoadError) {
            measured = .success([try await load(url, session)])
        } catch {
            measured = .failure(error)
        }
    }
    return Finding(expected: expected, measured: measured, describe: { describe($0) })
}

func userArrives(_ code: LoadUserCode, in lab: Lab) async -> Finding<Result<[User], LoadError>> {
    await loadFinding(
        code, lab.url(Route.user), session: lab.session,
        expected: .success([User(id: 1, name: "Ada Lovelace")]))
}

func missingUserIsServerSayingNo(
    _ code: LoadUserCode, in lab: Lab
) async -> Finding<Result<[User], LoadError>> {
    await loadFinding(
        code, lab.url(Route.missingUser), session: lab.session, expected: .failure(.serverSaidNo(status: 404))
    )
}

func refusedConnectionIsOffline(_ code: LoadUserCode, in lab: Lab) async -> Finding<Result<[User], LoadError>>
{
    await loadFinding(
        code, closedLoopbackURL().appending(path: Route.user), session: lab.session,
        expected: .failure(.offline))
}

func timeoutIsNotOffline(_ code: LoadUserCode, in lab: Lab) async -> Finding<Result<[User], LoadError>> {
    await loadFinding(
        code, lab.url(Route.silence), session: lab.impatientSession, expected: .failure(.transport(.timedOut))
    )
}

func droppedConnectionIsNotOffline(
    _ code: LoadUserCode, in lab: Lab
) async -> Finding<Result<[User], LoadError>> {
    // The ordinary session: the server hangs up at once, and on a slow machine (a ThreadSanitizer
    // build under load) the impatient session's 1 s ran out first and reported a timeout.
    await loadFinding(
        code, lab.url(Route.hangUp), session: lab.session,
        expected: .failure(.transport(droppedConnectionCode)))
}

/// How URLSession reports a connection closed before any answer, as chapter 2 measures it: a bad
/// server response on Linux, a lost connection on Apple platforms.
#if os(Linux)
    let droppedConnectionCode = URLError.Code.badServerResponse
#else
    let droppedConnectionCode = URLError.Code.networkConnectionLost
#endif
