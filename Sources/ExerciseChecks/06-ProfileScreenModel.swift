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

/// Exercise 6's code: a model made with the server's base URL and the session to load with.
public struct ProfileScreenModelCode: ExerciseCode {
    /// Makes the model under check, on the main actor, for the server at the URL; the checks pass
    /// the lab's base URL.
    public let makeModel: @MainActor @Sendable (URL, URLSession) -> any ProfileScreen

    /// Wraps the function under check that makes a model.
    public init(makeModel: @escaping @MainActor @Sendable (URL, URLSession) -> any ProfileScreen) {
        self.makeModel = makeModel
    }
}

let profileScreenModelChecks = CheckedExercise(
    .profileScreenModel, code: ProfileScreenModelCode.self,
    measures: [
        CheckOf(userOneIsShown),
        CheckOf(modelChangesOnTheMainThread),
        CheckOf(responseIsReadOffTheMainThread),
        CheckOf(missingUserShowsTheStatus),
        CheckOf(latestLoadWins),
    ])

/// What the model shows: a user's name and an error, either of which may be missing.
struct ScreenState: Equatable, Sendable {
    var user: String?
    var failure: APIError?

    @MainActor
    init(of model: any ProfileScreen) {
        self.init(user: model.user?.name, failure: model.failure)
    }

    init(user: String?, failure: APIError?) {
        self.user = user
        self.failure = failure
    }

    var summary: String {
        "user \(user ?? "none"), error \(failure?.description ?? "none")"
    }
}

/// Loads `userID` into a new model from `code` and waits until it shows a user or an error.
///
/// A model that drops what it got would keep the check waiting its whole patience, so the wait
/// also ends once the server has had the request and the session has no task left; the answer
/// then gets a quarter of the patience to reach the main thread, far more than a hop takes.
@MainActor
private func loaded(_ userID: Int, _ code: ProfileScreenModelCode, in lab: Lab) async -> any ProfileScreen {
    let path = "/users/\(userID)"
    let before = lab.server.requestCount(path: path)
    let model = code.makeModel(lab.server.baseURL, lab.session)
    model.load(userID: userID)
    let shows = { model.user != nil || model.failure != nil }
    _ = await until(timeout: patience) {
        guard !shows() else { return true }
        guard lab.server.requestCount(path: path) > before else { return false }
        return await tasks(of: lab.session).isEmpty
    }
    _ = await until(timeout: patience / 4) { shows() }
    return model
}

@MainActor
func userOneIsShown(_ code: ProfileScreenModelCode, in lab: Lab) async -> Finding<ScreenState> {
    let model = await loaded(1, code, in: lab)
    return Finding(
        expected: ScreenState(user: "Ada Lovelace", failure: nil), measured: ScreenState(of: model),
        describe: \.summary)
}

@MainActor
func missingUserShowsTheStatus(_ code: ProfileScreenModelCode, in lab: Lab) async -> Finding<ScreenState> {
    let model = await loaded(2, code, in: lab)
    return Finding(
        expected: ScreenState(user: nil, failure: .status(404)), measured: ScreenState(of: model),
        describe: \.summary)
}

/// Where a model's changes were announced: whether any was on the main thread, and any off it.
struct ChangePlaces: Equatable, Sendable {
    var onMainThread = false
    var offMainThread = false

    var summary: String {
        switch (onMainThread, offMainThread) {
        case (true, false): "every change on the main thread"
        case (false, true): "every change off the main thread"
        case (true, true): "changes on and off the main thread"
        case (false, false): "no change"
        }
    }
}

/// Notes where a model's changes are announced, from whichever thread announces them.
private final class ChangeLog: Sendable {
    private let places = Locked(ChangePlaces())

    var noted: ChangePlaces { places.withLock { $0 } }

    func noteChange() {
        let onMainThread = Thread.isMainThread
        places.withLock { places in
            if onMainThread { places.onMainThread = true } else { places.offMainThread = true }
        }
    }
}

@MainActor
func modelChangesOnTheMainThread(_ code: ProfileScreenModelCode, in lab: Lab) async -> Finding<ChangePlaces> {
    let model = code.makeModel(lab.server.baseURL, lab.session)
    let log = ChangeLog()
    // `@Sendable` keeps this closure off the main actor, so a change announced on another thread
    // is noted here instead of stopping the process at the closure's own isolation check.
    let watching = model.objectWillChange.sink { @Sendable _ in log.noteChange() }
    defer { watching.cancel() }
    model.load(userID: 1)
    _ = await until(timeout: patience) { model.user != nil || model.failure != nil }
    return Finding(
        expected: ChangePlaces(onMainThread: true, offMainThread: false), measured: log.noted,
        describe: \.summary)
}

@MainActor
func responseIsReadOffTheMainThread(_ code: ProfileScreenModelCode, in lab: Lab) async -> Finding<BodyRelease>
{
    #if canImport(FoundationNetworking)
        let session = BodyWatchingSession(configuration: Lab.sessionConfiguration())
        defer { session.finishTasksAndInvalidate() }
        let model = code.makeModel(lab.server.baseURL, session)
        model.load(userID: 1)
        _ = session.holdMainThreadUntilACallbackReturns(timeout: patience)
        _ = await until(timeout: patience) { model.user != nil || model.failure != nil }
        _ = await until(timeout: patience) { !session.releases.isEmpty }
        let release = session.releases.first ?? .notSeen
        return Finding(expected: .offMainThread, measured: release, describe: \.summary)
    #else
        // Apple's URLSession cannot be subclassed with a configuration, so there the body is not
        // watched (see BodyWatchingSession); the check says so rather than guess.
        return Finding(
            expected: BodyRelease.offMainThread.summary, value: .notSeen,
            measured: "not watched on Apple platforms", holds: true)
    #endif
}

/// How the slow load's request ended, as the client and the server saw it.
enum SlowLoadEnd: Equatable, Sendable {
    /// The client cancelled its task, and the server saw the client leave before answering.
    case cancelled
    /// The client cancelled its task, but the server never saw it leave.
    case cancelledButStillOpen
    /// The request got its answer: nothing cancelled it.
    case answered
    case other(String)

    var summary: String {
        switch self {
        case .cancelled: "its request cancelled, the server saw the client leave"
        case .cancelledButStillOpen: "its task cancelled, yet the server never saw the client leave"
        case .answered: "its request answered, never cancelled"
        case .other(let state): "its request \(state)"
        }
    }
}

/// What a race between a slow load and a quick one left on screen, and of the slow request.
struct LatestLoad: Equatable, Sendable {
    /// The user shown once the slow load's answer has had its chance to land.
    var shown: String?
    /// How many requests for slow user 3 the server received.
    var slowRequests: Int
    var slowEnd: SlowLoadEnd

    var summary: String {
        "\(shown ?? "nobody") shown at the end, "
            + "\(counted(slowRequests, "request")) for user 3 at the server, \(slowEnd.summary)"
    }
}

@MainActor
func latestLoadWins(_ code: ProfileScreenModelCode, in lab: Lab) async -> Finding<LatestLoad> {
    // A session of its own, so the slow load's task is the only one it can be running.
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let model = code.makeModel(lab.server.baseURL, session)
    let slowBefore = lab.server.requestCount(path: Route.slowUser)
    model.load(userID: 3)
    _ = try? await lab.server.waitForRequest(number: slowBefore + 1, path: Route.slowUser, timeout: patience)
    var slowTask: URLSessionTask?
    _ = await until(timeout: patience) {
        slowTask = await tasks(of: session).first
        return slowTask != nil
    }
    model.load(userID: 1)
    _ = await until(timeout: patience) { model.user != nil || model.failure != nil }
    // The slow load ends with its answer, let go now that the quick one is in, unless it was
    // cancelled (its request then keeps its delay, so the server sees the client leave); either
    // way the session then has no task left.
    if slowTask?.state == .running { lab.heldAnswers.sendDelayedAnswersNow() }
    _ = await until(timeout: patience) { await tasks(of: session).isEmpty }
    let slowEnd = await howItEnded(slowTask, in: lab)
    // A cancelled load delivers nothing. Any other may still replace the quick user, so that is
    // watched for a while: an answer that did arrive still has to hop to the main queue, which
    // takes far less than this.
    if slowEnd != .cancelled && slowEnd != .cancelledButStillOpen {
        let quick = model.user?.name
        _ = await until(timeout: .milliseconds(500)) { model.user?.name != quick }
    }
    return Finding(
        expected: LatestLoad(shown: "Ada Lovelace", slowRequests: 1, slowEnd: .cancelled),
        measured: LatestLoad(
            shown: model.user?.name, slowRequests: lab.server.requestCount(path: Route.slowUser) - slowBefore,
            slowEnd: slowEnd),
        describe: \.summary)
}

/// How the slow load's finished task ended; for a cancelled one, whether the server saw its client
/// leave too, as it does within milliseconds of the cancel.
private func howItEnded(_ task: URLSessionTask?, in lab: Lab) async -> SlowLoadEnd {
    guard let task else { return .other("never seen in the session") }
    guard task.state == .completed else { return .other("still running") }
    guard (task.error as? URLError)?.code == .cancelled else {
        return task.response == nil
            ? .other("failed: \(task.error.map(describe(failure:)) ?? "no response")") : .answered
    }
    let clientLeft = await until(timeout: patience) {
        lab.server.abandonedRequests.contains { $0.request.path == Route.slowUser }
    }
    return clientLeft ? .cancelled : .cancelledButStillOpen
}
