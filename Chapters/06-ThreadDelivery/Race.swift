import Combine
import Foundation
import Harness
import LoopbackLab
import Quantities
import TimeControl
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a race between a slow load and a quick one left behind.
struct RaceOutcome: Equatable, Sendable, CustomStringConvertible {
    /// How the slow load's data task ended.
    enum TaskEnd: Equatable, Sendable, CustomStringConvertible {
        case answered
        case cancelled
        case other(String)

        var description: String {
            switch self {
            case .answered: "answered"
            case .cancelled: "cancelled"
            case .other(let state): state
            }
        }
    }

    /// The names the screen showed, in order.
    var namesShown: [String]
    /// How many requests for the slow user the server received.
    var slowRequests: Int
    var slowTaskEnd: TaskEnd

    /// The latest load's answer alone is shown; the slow request reached the server, and the
    /// client cancelled its task.
    static let latestWins = RaceOutcome(
        namesShown: ["Ada Lovelace"], slowRequests: 1, slowTaskEnd: .cancelled)

    var description: String {
        "shown: \(namesShown.isEmpty ? "nothing" : namesShown.joined(separator: ", then ")); "
            + "\(Route.slowUser): \(counted(slowRequests, "request")) at the server, task \(slowTaskEnd)"
    }
}

/// Asks `profile` for the slow user 3 and, while that request is at the server, for user 1, which
/// answers at once; then watches what the screen shows until the slow load is over: cancelled, or
/// answered and its answer shown (or given time to show).
///
/// The model gets a session of its own, so the slow load's data task is the only one in it. With
/// `eachStage`, the picture has a lane for each stage of the chain the model subscribes as it is
/// made (its `switchToLatest` selection), so it shows where the slow load is cancelled.
@MainActor
func raceSlowThenQuick(
    in lab: Lab, eachStage: Bool = false, loading load: (UserProfileModel, Int) -> Void
) async -> RaceOutcome {
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    guard eachStage else {
        let profile = UserProfileModel(baseURL: lab.server.baseURL, session: session)
        return await race(profile, in: session, lab: lab, loading: load)
    }
    return await withStageLanes(switchToLatestStages, subscribers: ["receive(on: DispatchQueue.main)"]) {
        stages in
        let profile = stages.attaching { UserProfileModel(baseURL: lab.server.baseURL, session: session) }
        return await race(profile, in: session, lab: lab, loading: load)
    }
}

/// The chain `select(userID:)` feeds, as `UserProfileModel` writes it, up to the
/// `receive(on: DispatchQueue.main)` its `sink` hears from.
let switchToLatestStages: [WrittenStage] = [
    WrittenStage("selectedIDs", returns: "PassthroughSubject"), "map(_:)", "switchToLatest()",
]

/// The race itself, run on `profile`, whose loads use `session`.
@MainActor
private func race(
    _ profile: UserProfileModel, in session: URLSession, lab: Lab,
    loading load: (UserProfileModel, Int) -> Void
) async -> RaceOutcome {
    Timeline.current?.shareTimeScale("race")
    let screen = ScreenRecording(of: profile)

    let slowRequestsBefore = lab.server.requestCount(path: Route.slowUser)
    let slowClientsLeft = { lab.server.abandonedRequests.count { $0.request.path == Route.slowUser } }
    let slowClientsLeftBefore = slowClientsLeft()
    Timeline.current?.record(.action, lane: "screen", detail: "load user 3")
    load(profile, 3)
    _ = try? await lab.server.waitForRequest(number: slowRequestsBefore + 1, path: Route.slowUser)
    var slowTask: URLSessionTask?
    _ = await until {
        slowTask = await tasks(of: session).first
        return slowTask != nil
    }
    Timeline.current?.record(.action, lane: "screen", detail: "load user 1")
    load(profile, 1)
    // The slow answer, if its load still wants it, is let go once the quick one is on screen: it
    // then comes second for certain, without the rest of its second. A cancelled load's request
    // keeps its delay, so the server sees its client leave, as it would in an app.
    _ = await until { screen.shown.contains("Ada Lovelace") }
    if slowTask?.state == .running { lab.heldAnswers.sendDelayedAnswersNow() }
    // Until the session holds no task either: Linux Foundation takes a task out of it only once
    // its completion handler has returned, so both loads' chains have then heard how they ended.
    _ = await until {
        guard slowTask?.state == .completed else { return false }
        return await tasks(of: session).isEmpty
    }
    let slowTaskEnd = slowTask.map(taskEnd) ?? .other("never seen")
    Timeline.current?.record(.note, lane: "slow load", detail: "task \(slowTaskEnd)")
    // A cancelled task delivers nothing, so only an answered one can still change the screen: its
    // answer is on its way to the main queue, and is watched for until it shows (or for a while).
    if slowTaskEnd != .cancelled {
        _ = await until(timeout: RouteTable.slowUserDelay + .milliseconds(300)) { screen.shown.count > 1 }
    } else {
        // The server draws the client leaving when it notices: waited for here, so that a busy
        // machine cannot put that mark in the next rule's picture.
        _ = await until(timeout: .seconds(10)) { slowClientsLeft() > slowClientsLeftBefore }
    }
    return RaceOutcome(
        namesShown: screen.shown,
        slowRequests: lab.server.requestCount(path: Route.slowUser) - slowRequestsBefore,
        slowTaskEnd: slowTaskEnd)
}

/// How a finished data task ended: with a response, cancelled, or otherwise.
private func taskEnd(_ task: URLSessionTask) -> RaceOutcome.TaskEnd {
    guard task.state == .completed else { return .other("still \(task.state.rawValue)") }
    if let error = task.error as? URLError {
        return error.code == .cancelled ? .cancelled : .other("failed: \(describe(failure: error))")
    }
    return task.response == nil ? .other("ended without a response") : .answered
}
