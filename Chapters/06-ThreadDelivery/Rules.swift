import ChildProcesses
import Combine
import Foundation
import Harness
import LoopbackLab
import TimeControl
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter's rules in the order the report lists them.
let threadDeliveryRules =
    [
        Rule("values arrive on URLSession's delegate queue", valuesArriveOnTheDelegateQueue),
        Rule(
            "a session on OperationQueue.main delivers on the main thread",
            mainDelegateQueueDeliversOnTheMainThread),
        Rule("after receive(on: main) they arrive on the main thread", receiveOnMainDeliversOnTheMainThread),
        Rule("a scroll holds back RunLoop.main, not DispatchQueue.main", scrollHoldsBackTheRunLoopOnly),
        Rule.demonstration("an inline closure in a @MainActor model crashes", inlineClosureStopsTheProcess),
        Rule.demonstration("the crash is the closure's main-actor check", backtraceNamesTheIsolationCheck),
        Rule("on a main-queue session the same model does not crash", mainQueueSessionLoadsTheName),
        Rule("fix 1, a nonisolated function: the name loads", nonisolatedFunctionLoadsTheName),
        Rule("fix 2, @Sendable closures: the name loads", sendableClosuresLoadTheName),
        Rule("fix 3, key paths: the name loads", keyPathsLoadTheName),
        Rule("fix 1 without nonisolated loads too, by default", unmarkedFunctionLoadsTheName),
        Rule("the safe model shows user 1 and a 404 for user 2", safeModelShowsUserAndError),
        Rule.demonstration(
            "overlapping loads: the slow, older answer wins", overlappingLoadsShowTheSlowAnswer),
        Rule("one replaceable cancellable: the latest load wins", replacedCancellableKeepsTheLatest),
        Rule("switchToLatest: the latest load wins", switchToLatestKeepsTheLatest),
    ] + buildSettingRules

// MARK: - Where values arrive

// excerpt: where-values-arrive
/// Where the user's value and completion reach a subscriber when `user(from:session:receivedOn:)`
/// hands them on with `scheduler`. The chain is used as it is; the log watches it from outside,
/// from the subscriber's side, and notes the queue and thread of each event. The timeline draws
/// each stage of the chain on its own lane, so the picture shows where the hop happens.
func deliveries(
    in lab: Lab, receivedOn scheduler: some Scheduler, lane: String, session: URLSession? = nil
) async -> [Delivery] {
    let session = session ?? lab.session
    let log = DeliveryLog(session: session)
    let chain = user(from: lab.url(Route.user, tag: lane), session: session, receivedOn: scheduler)
    _ = await outcome(of: chain.logged(in: log), stages: userChainStages(receivedOn: scheduler))
    return log.deliveries
}
// end excerpt

/// `ImmediateScheduler` runs what it is given at once, on the caller's thread, so a
/// `receive(on: ImmediateScheduler.shared)` moves nothing: what the subscriber sees is where
/// URLSession called back, and where every step before it ran.
func valuesArriveOnTheDelegateQueue(in lab: Lab) async -> Finding<[Delivery]> {
    let arrived = await deliveries(in: lab, receivedOn: ImmediateScheduler.shared, lane: immediateLane)
    return Finding(
        expected: "value and finished on the delegate queue, off the main thread", value: arrived,
        measured: describe(arrived),
        holds: arrived.map(\.event) == ["value", "finished"]
            && arrived.allSatisfy { $0.onDelegateQueue && !$0.onMainThread })
}

/// A session made with `delegateQueue: OperationQueue.main` calls back on the main queue, so the
/// same chain arrives on the main thread with nothing moving it.
func mainDelegateQueueDeliversOnTheMainThread(in lab: Lab) async -> Finding<[Delivery]> {
    let session = URLSession(
        configuration: Lab.sessionConfiguration(), delegate: nil, delegateQueue: OperationQueue.main)
    defer { session.finishTasksAndInvalidate() }
    let arrived = await deliveries(
        in: lab, receivedOn: ImmediateScheduler.shared, lane: "OperationQueue.main", session: session)
    return Finding(
        expected: "value and finished on \(mainQueueLabel) (delegate queue), main thread", value: arrived,
        measured: describe(arrived),
        holds: arrived.map(\.event) == ["value", "finished"]
            && arrived.allSatisfy { $0.queue == mainQueueLabel && $0.onDelegateQueue && $0.onMainThread })
}

/// After `receive(on: DispatchQueue.main)` the value and the completion come out on the main
/// queue, which the main thread drains.
func receiveOnMainDeliversOnTheMainThread(in lab: Lab) async -> Finding<[Delivery]> {
    Timeline.current?.noteHops(
        onLane: "receive(on: DispatchQueue.main)", by: "receive(on: DispatchQueue.main)")
    let arrived = await deliveries(in: lab, receivedOn: DispatchQueue.main, lane: mainQueueLane)
    return Finding(
        expected: "value and finished on \(mainQueueLabel), main thread", value: arrived,
        measured: describe(arrived),
        holds: arrived.map(\.event) == ["value", "finished"]
            && arrived.allSatisfy { $0.queue == mainQueueLabel && !$0.onDelegateQueue && $0.onMainThread })
}

/// While the main run loop runs in a mode other than the default, as UIKit's does during a scroll,
/// a value received on `RunLoop.main` waits until the loop is back in the default mode; one received
/// on `DispatchQueue.main` arrives meanwhile, since the main queue is served in every common mode.
func scrollHoldsBackTheRunLoopOnly(in lab: Lab) async -> Finding<ScrollArrivals> {
    Finding(
        expected: ScrollArrivals(mainQueue: .scrolling, runLoop: .over),
        measured: await arrivalsDuringAScroll(in: lab),
        describe: { $0.description })
}

/// The timeline lanes of the chain received on each scheduler.
let immediateLane = "ImmediateScheduler"
let mainQueueLane = "DispatchQueue.main"
let runLoopLane = "RunLoop.main"

/// The main queue's label, the same on every platform.
let mainQueueLabel = "com.apple.main-thread"

/// Deliveries as a report row: the events, and where they ran, in order.
private func describe(_ deliveries: [Delivery]) -> String {
    var places: [(place: String, events: [String])] = []
    for delivery in deliveries {
        let place =
            "\(delivery.queue)\(delivery.onDelegateQueue ? " (delegate queue)" : ""), "
            + (delivery.onMainThread ? "main thread" : "off the main thread")
        if places.last?.place != place { places.append((place, [])) }
        places[places.count - 1].events.append(delivery.event)
    }
    guard !places.isEmpty else { return "nothing delivered" }
    return places.map { $0.events.joined(separator: " and ") + " on " + $0.place }.joined(separator: "; ")
}

// MARK: - The crash and its fixes

/// The crashing model, run in a child process: it stops on a signal before it shows a name.
func inlineClosureStopsTheProcess(in lab: Lab) async -> Finding<NameLoadRun> {
    let run = await runNameLoading(.inlineClosures, in: lab)
    return Finding(
        expected: "stopped by \(ChildEnding.signalled(isolationCheckSignal)), the failed main-actor check, "
            + "before any name was shown", value: run,
        measured: (run.ending == .signalled(isolationCheckSignal)
            ? "stopped by \(run.endingDescription), the failed main-actor check, "
            : "\(run.endingDescription), ")
            + (run.name.map { "name \($0) shown" } ?? "before any name was shown"),
        holds: run.ending == .signalled(isolationCheckSignal) && run.name == nil)
}

/// The Swift runtime's backtrace of the crashed thread shows what tripped: the closure, then the
/// runtime's isolation check, then the queue assertion that failed.
func backtraceNamesTheIsolationCheck(in lab: Lab) async -> Finding<NameLoadRun> {
    let run = await runNameLoading(.inlineClosures, in: lab, keepingTheSignal: false)
    let closure = "closure #1 in UserNameModel.load(from:session:)"
    let path = run.crashPath
    return Finding(
        expected: "\(closure) → _swift_task_checkIsolatedSwift → dispatch_assert_queue", value: run,
        measured: path.isEmpty ? "no backtrace printed" : path.joined(separator: " → "),
        holds: path.count == 3 && path[0] == closure && isRuntimeIsolationCheck(path[1])
            && path[2] == "dispatch_assert_queue")
}

/// The crashing model again, its session made with `delegateQueue: OperationQueue.main`: its
/// closures then run on the main queue, where their main-actor check passes.
func mainQueueSessionLoadsTheName(in lab: Lab) async -> Finding<NameLoadRun> {
    loadedFinding(await runNameLoading(.inlineClosuresOnAMainQueueSession, in: lab))
}

/// Fix 1, run in a child process: it ends normally, the name shown.
func nonisolatedFunctionLoadsTheName(in lab: Lab) async -> Finding<NameLoadRun> {
    loadedFinding(await runNameLoading(.nonisolatedFunction, in: lab))
}

/// Fix 2, run in a child process: it ends normally, the name shown.
func sendableClosuresLoadTheName(in lab: Lab) async -> Finding<NameLoadRun> {
    loadedFinding(await runNameLoading(.sendableClosures, in: lab))
}

/// Fix 3, run in a child process: it ends normally, the name shown.
func keyPathsLoadTheName(in lab: Lab) async -> Finding<NameLoadRun> {
    loadedFinding(await runNameLoading(.keyPaths, in: lab))
}

/// Fix 1 with its function unmarked, run in a child process built with the default settings: a
/// free function belongs to no actor, so it loads the name as fix 1 does.
func unmarkedFunctionLoadsTheName(in lab: Lab) async -> Finding<NameLoadRun> {
    loadedFinding(await runNameLoading(.unmarkedFunction, in: lab))
}

/// A fixed model's run holds when it exits 0 with user 1's name, set on the main thread.
private func loadedFinding(_ run: NameLoadRun) -> Finding<NameLoadRun> {
    let setOn =
        run.setOnMainThread.map { $0 ? ", set on the main thread" : ", set off the main thread" } ?? ""
    return Finding(
        expected: "exit 0, Ada Lovelace, set on the main thread", value: run,
        measured: "\(run.endingDescription), \(run.name ?? "no name")\(setOn)",
        holds: run.ending == .exited(0) && run.name == "Ada Lovelace" && run.setOnMainThread == true)
}

// MARK: - The safe model and its race

/// What a profile screen shows.
struct ProfileShown: Equatable, Sendable {
    var user: User?
    var error: APIError?
}

// excerpt: safe-model-loads
/// Loading user 1 shows the user; loading user 2, who does not exist, shows `.status(404)`.
@MainActor
func safeModelShowsUserAndError(in lab: Lab) async -> Finding<ProfileShown> {
    let profile = UserProfileModel(baseURL: lab.server.baseURL, session: lab.session)
    let screen = ScreenRecording(of: profile)
    defer { withExtendedLifetime(screen) {} }
    profile.load(userID: 1)
    _ = await until { profile.user != nil }
    profile.load(userID: 2)
    _ = await until { profile.failure != nil }
    return Finding(
        expected: ProfileShown(user: User(id: 1, name: "Ada Lovelace"), error: .status(404)),
        measured: ProfileShown(user: profile.user, error: profile.failure),
        describe: { "user \($0.user?.name ?? "none"), error \($0.error?.description ?? "none")" })
}
// end excerpt

/// Without a fix, both loads land, so the slow one, though asked for first, is what stays shown.
@MainActor
func overlappingLoadsShowTheSlowAnswer(in lab: Lab) async -> Finding<RaceOutcome> {
    let race = await raceSlowThenQuick(in: lab) { profile, id in profile.load(userID: id) }
    return Finding(
        expected: RaceOutcome(
            namesShown: ["Ada Lovelace", "Slow Sam"], slowRequests: 1, slowTaskEnd: .answered),
        measured: race, describe: { $0.description })
}

/// Replacing the one cancellable cancels the slow load, so only the quick answer is shown.
@MainActor
func replacedCancellableKeepsTheLatest(in lab: Lab) async -> Finding<RaceOutcome> {
    let race = await raceSlowThenQuick(in: lab) { profile, id in profile.loadReplacingPrevious(userID: id) }
    return Finding(expected: .latestWins, measured: race, describe: { $0.description })
}

/// A subject of ids through `map` and `switchToLatest`: the same, for a stream of choices.
@MainActor
func switchToLatestKeepsTheLatest(in lab: Lab) async -> Finding<RaceOutcome> {
    let race = await raceSlowThenQuick(in: lab, eachStage: true) { profile, id in profile.select(userID: id) }
    return Finding(expected: .latestWins, measured: race, describe: { $0.description })
}
