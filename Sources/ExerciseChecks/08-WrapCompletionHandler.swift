import CheckProcesses
import Combine
import ExerciseCatalog
import ExerciseSupport
import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import TimeControl
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 8's code: `UserDownloader`'s completion handler wrapped twice, as a publisher and as an
/// async function, both failing with `APIError`.
public struct WrapCompletionHandlerCode: ExerciseCode {
    /// The publisher under check that wraps the downloader's callback for the user at the URL.
    public let publisher: @Sendable (URL, UserDownloader) -> AnyPublisher<User, APIError>
    /// The `async` function under check that wraps the same callback.
    public let awaited: @Sendable (URL, UserDownloader) async throws(APIError) -> User

    /// Wraps the two wrappers under check.
    public init(
        publisher: @escaping @Sendable (URL, UserDownloader) -> AnyPublisher<User, APIError>,
        awaited: @escaping @Sendable (URL, UserDownloader) async throws(APIError) -> User
    ) {
        self.publisher = publisher
        self.awaited = awaited
    }
}

let wrapCompletionHandlerChecks = CheckedExercise(
    .wrapCompletionHandler, code: WrapCompletionHandlerCode.self,
    measures: [
        CheckOf(publisherDeliversTheUser),
        CheckOf(publisherFailsWithTheStatus),
        CheckOf(publisherFailsWithTheTransportError),
        CheckOf(creatingThePublisherSendsNothing),
        CheckOf(cancellingTheSubscriptionCancelsTheRequest),
        CheckOf(asyncFunctionReturnsTheUser),
        CheckOf(asyncFunctionThrowsTheStatus),
        CheckOf(asyncFunctionThrowsTheTransportError),
        CheckOf(cancellingTheTaskCancelsTheRequest),
        CheckOf(alreadyCancelledTaskThrowsCancelled),
    ])

// MARK: - The publisher

/// A finding on what the publisher for `url` delivers.
private func publisherFinding(
    _ code: WrapCompletionHandlerCode, _ url: URL, in lab: Lab, expected: Result<[User], APIError>
) async -> Finding<Result<[User], APIError>> {
    let publisher = code.publisher(url, UserDownloader(session: lab.session))
    return Finding(expected: expected, measured: await outcome(of: publisher), describe: { describe($0) })
}

func publisherDeliversTheUser(
    _ code: WrapCompletionHandlerCode, in lab: Lab
) async -> Finding<Result<[User], APIError>> {
    await publisherFinding(code, lab.url(Route.user), in: lab, expected: .success([adaLovelace]))
}

func publisherFailsWithTheStatus(
    _ code: WrapCompletionHandlerCode, in lab: Lab
) async -> Finding<Result<[User], APIError>> {
    await publisherFinding(code, lab.url(Route.missingUser), in: lab, expected: .failure(.status(404)))
}

func publisherFailsWithTheTransportError(
    _ code: WrapCompletionHandlerCode, in lab: Lab
) async -> Finding<Result<[User], APIError>> {
    await publisherFinding(
        code, closedLoopbackURL().appending(path: Route.user), in: lab,
        expected: .failure(.transport(.cannotConnectToHost)))
}

func creatingThePublisherSendsNothing(_ code: WrapCompletionHandlerCode, in lab: Lab) async -> Finding<Int> {
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let url = lab.url(Route.user, tag: "never-subscribed")
    let publisher = code.publisher(url, UserDownloader(session: session))
    // A download started by creating the publisher is one of the session's tasks by now. Once the
    // session holds no task, every request it started has been answered, so the server has it.
    _ = await until(timeout: patience) { await tasks(of: session).isEmpty }
    withExtendedLifetime(publisher) {}
    return Finding(
        expected: 0, measured: lab.requestCount(for: url),
        describe: { (requests: Int) in
            (requests == 0 ? "no request" : counted(requests, "request")) + ", no subscriber"
        })
}

func cancellingTheSubscriptionCancelsTheRequest(
    _ code: WrapCompletionHandlerCode, in lab: Lab
) async -> Finding<CancelledDownload> {
    let download = SlowDownload(in: lab, tag: "subscription-cancelled")
    let deliveries = DeliveryCounter()
    let subscription = deliveries.subscribe(to: code.publisher(download.url, download.downloader))
    await download.untilServerHasTheRequest(orUntil: { deliveries.completions > 0 })
    subscription.cancel()
    let server = await download.serverSideAfterTheCancel()
    let caller = deliverySummary(values: deliveries.values, completions: deliveries.completions)
    await download.close(server)
    return Finding(
        expected: CancelledDownload(caller: "no value, no completion", server: .clientLeft),
        measured: CancelledDownload(caller: caller, server: server),
        describe: \.summary)
}

// MARK: - The async function

/// How the async function's call ended: the user, or the error it threw.
private func awaitedResult(
    _ code: WrapCompletionHandlerCode, _ url: URL, _ downloader: UserDownloader
) async -> Result<User, APIError> {
    do throws(APIError) {
        return .success(try await code.awaited(url, downloader))
    } catch {
        return .failure(error)
    }
}

/// A call's ending as a report shows it: `returned User(…)`, `threw .status(404)`.
private func describeAwaited(_ ending: Result<User, APIError>) -> String {
    switch ending {
    case .success(let user): "returned \(user)"
    case .failure(let error): "threw \(error)"
    }
}

/// A finding on what the async function returns or throws for `url`.
private func awaitedFinding(
    _ code: WrapCompletionHandlerCode, _ url: URL, in lab: Lab, expected: Result<User, APIError>
) async -> Finding<Result<User, APIError>> {
    let ending = await awaitedResult(code, url, UserDownloader(session: lab.session))
    return Finding(expected: expected, measured: ending, describe: describeAwaited)
}

func asyncFunctionReturnsTheUser(
    _ code: WrapCompletionHandlerCode, in lab: Lab
) async -> Finding<Result<User, APIError>> {
    await awaitedFinding(code, lab.url(Route.user), in: lab, expected: .success(adaLovelace))
}

func asyncFunctionThrowsTheStatus(
    _ code: WrapCompletionHandlerCode, in lab: Lab
) async -> Finding<Result<User, APIError>> {
    await awaitedFinding(code, lab.url(Route.missingUser), in: lab, expected: .failure(.status(404)))
}

func asyncFunctionThrowsTheTransportError(
    _ code: WrapCompletionHandlerCode, in lab: Lab
) async -> Finding<Result<User, APIError>> {
    await awaitedFinding(
        code, closedLoopbackURL().appending(path: Route.user), in: lab,
        expected: .failure(.transport(.cannotConnectToHost)))
}

func cancellingTheTaskCancelsTheRequest(
    _ code: WrapCompletionHandlerCode, in lab: Lab
) async -> Finding<CancelledDownload> {
    let download = SlowDownload(in: lab, tag: "task-cancelled")
    let ending = Locked<Result<User, APIError>?>(nil)
    let call = Task {
        let result = await awaitedResult(code, download.url, download.downloader)
        ending.withLock { $0 = result }
    }
    await download.untilServerHasTheRequest(orUntil: { ending.withLock { $0 } != nil })
    call.cancel()
    let server = await download.serverSideAfterTheCancel()
    if server != .requestStillOpen {
        _ = await until(timeout: patience) { ending.withLock { $0 } != nil }
    }
    let caller = ending.withLock { $0 }.map(describeAwaited) ?? "still waiting after the cancel"
    await download.close(server)
    return Finding(
        expected: CancelledDownload(caller: "threw .transport(.cancelled)", server: .clientLeft),
        measured: CancelledDownload(caller: caller, server: server), describe: \.summary)
}

func alreadyCancelledTaskThrowsCancelled(
    _ code: WrapCompletionHandlerCode, in lab: Lab
) async -> Finding<Result<User, APIError>> {
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    // The slow route: a download started regardless answers two seconds later, long after any
    // cancel that followed it.
    let url = lab.url(Route.slow, tag: "cancelled-before-the-call")
    let downloader = UserDownloader(session: session)
    let call = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await awaitedResult(code, url, downloader)
    }
    let ending = await call.value
    // A download started and cancelled at once may still be on its way out; let URLSession finish
    // with it before the lab closes.
    _ = await until(timeout: patience) { await tasks(of: session).isEmpty }
    if lab.requestCount(for: url) > 0, ending == .failure(.transport(.cancelled)) {
        _ = await lab.abandonedRequest(for: url, timeout: patience)
    }
    return Finding(expected: .failure(.transport(.cancelled)), measured: ending, describe: describeAwaited)
}

// MARK: - Shared pieces

/// The user behind `Route.user`.
private let adaLovelace = User(id: 1, name: "Ada Lovelace")

/// What the server saw of a request its caller cancelled.
enum ServerSide: Equatable, Sendable {
    /// The request never arrived.
    case neverGotTheRequest
    /// The client closed the connection before the answer was due: the request was cancelled.
    case clientLeft
    /// The request was still open, waiting for its answer, `patience` after the cancel.
    case requestStillOpen

    var summary: String {
        switch self {
        case .neverGotTheRequest: "the server never got the request"
        case .clientLeft: "server: client left, no answer sent"
        case .requestStillOpen: "server: the request was still open after the cancel"
        }
    }
}

/// What the caller got from a download it cancelled, and what the server saw of it.
struct CancelledDownload: Equatable, Sendable {
    var caller: String
    var server: ServerSide

    var summary: String { caller + "; " + server.summary }
}

/// A download of the very slow route, through a session of its own so that nothing else shares its
/// connections: whatever is still in flight when the check cancels is this download.
private struct SlowDownload {
    let lab: Lab
    let url: URL
    let session = URLSession(configuration: Lab.sessionConfiguration())
    var downloader: UserDownloader { UserDownloader(session: session) }

    init(in lab: Lab, tag: String) {
        self.lab = lab
        url = lab.url(Route.verySlow, tag: tag)
    }

    /// Waits until the server has the request, or `gaveUp` holds (the caller heard back without it).
    ///
    /// No `patience` here: the call starts in a task, which a busy machine may start seconds late,
    /// and code that neither sends nor returns is stopped by the runner's time limit instead.
    func untilServerHasTheRequest(orUntil gaveUp: () -> Bool) async {
        _ = await until { lab.requestCount(for: url) == 1 || gaveUp() }
    }

    /// What the server saw after the caller cancelled: the client leaving, if it does so within
    /// `patience`.
    ///
    /// Cancelling a URLSession task takes it out of `running` at once, and the server sees the
    /// client leave within milliseconds. So a task still running a quarter of the patience after
    /// the cancel was never cancelled: its request stays open, and the check says so then rather
    /// than wait out the rest.
    func serverSideAfterTheCancel() async -> ServerSide {
        guard lab.requestCount(for: url) > 0 else { return .neverGotTheRequest }
        if await lab.abandonedRequest(for: url, timeout: patience / 4) != nil { return .clientLeft }
        if await tasks(of: session).contains(where: { $0.state == .running }) { return .requestStillOpen }
        return await lab.abandonedRequest(for: url, timeout: patience * 3 / 4) != nil
            ? .clientLeft : .requestStillOpen
    }

    /// Lets the session go; a request still open is cancelled through the session first, and the
    /// lab may close only once the server has seen that client go too (Linux Foundation can trap
    /// when the server stops while URLSession is still working through a cancel).
    func close(_ server: ServerSide) async {
        guard server == .requestStillOpen else { return session.finishTasksAndInvalidate() }
        session.invalidateAndCancel()
        _ = await lab.abandonedRequest(for: url, timeout: patience)
    }
}
