import Combine
import Foundation
import TypedClient
import Workbook

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter's rules in the order the report lists them.
let threadDeliveryRules = [
    Rule("values arrive on URLSession's delegate queue", valuesArriveOnTheDelegateQueue),
    Rule("after receive(on: main) they arrive on the main thread", receiveOnMainDeliversOnTheMainThread),
    Rule("an inline closure in a @MainActor model crashes", inlineClosureStopsTheProcess),
    Rule("the crash is the closure's main-actor check", backtraceNamesTheIsolationCheck),
    Rule("fix 1, a nonisolated function: the name loads", nonisolatedFunctionLoadsTheName),
    Rule("fix 2, @Sendable closures: the name loads", sendableClosuresLoadTheName),
    Rule("fix 3, key paths: the name loads", keyPathsLoadTheName),
    Rule("the safe model shows user 1 and a 404 for user 2", safeModelShowsUserAndError),
    Rule("overlapping loads: the slow, older answer wins", overlappingLoadsShowTheSlowAnswer),
    Rule("one replaceable cancellable: the latest load wins", replacedCancellableKeepsTheLatest),
    Rule("switchToLatest: the latest load wins", switchToLatestKeepsTheLatest),
]

// MARK: - Where values arrive

// excerpt: where-values-arrive
/// Follows one response through a typical chain, noting at each step which queue and thread it
/// came out on. Nothing before `receive(on:)` moves it: it stays where URLSession called back.
func deliveries(in lab: Lab) async -> [Delivery] {
    let log = DeliveryLog(session: lab.session)
    let decoder = JSONDecoder()
    let user = lab.session.dataTaskPublisher(for: lab.url(Route.user, tag: "threads"))
        .logged("dataTaskPublisher", in: log)
        .map(\.data)
        .logged("map", in: log)
        .decode(type: User.self, decoder: decoder)
        .logged("decode", in: log)
        .receive(on: DispatchQueue.main)
        .logged(afterReceiveOnMain, in: log)
    _ = await outcome(of: user)
    return log.deliveries
}
// end excerpt

/// The steps before `receive(on:)` hand on the value and the completion on the delegate queue.
func valuesArriveOnTheDelegateQueue(in lab: Lab) async -> Finding<[Delivery]> {
    let upstream = await deliveries(in: lab).filter { $0.step != afterReceiveOnMain }
    let everyStepBoth =
        Set(upstream.map { "\($0.step) \($0.event)" }) == [
            "dataTaskPublisher value", "dataTaskPublisher finished", "map value", "map finished",
            "decode value", "decode finished",
        ]
    return Finding(
        expected: "value and finished at every step, on the delegate queue, off the main thread",
        value: upstream, measured: describe(upstream),
        holds: everyStepBoth && upstream.allSatisfy { $0.onDelegateQueue && !$0.onMainThread })
}

/// After `receive(on: DispatchQueue.main)` the value and the completion come out on the main
/// queue, which the main thread drains.
func receiveOnMainDeliversOnTheMainThread(in lab: Lab) async -> Finding<[Delivery]> {
    let downstream = await deliveries(in: lab).filter { $0.step == afterReceiveOnMain }
    return Finding(
        expected: "value and finished on \(mainQueueLabel), on the main thread",
        value: downstream, measured: describe(downstream),
        holds: downstream.map(\.event) == ["value", "finished"]
            && downstream.allSatisfy { $0.queue == mainQueueLabel && $0.onMainThread })
}

/// The step after `receive(on: DispatchQueue.main)`, as `deliveries(in:)` names it.
let afterReceiveOnMain = "receive(on: main)"

/// The main queue's label, the same on every platform.
let mainQueueLabel = "com.apple.main-thread"

/// Deliveries as a report row: for each place they ran, in order, which steps handed on what there.
private func describe(_ deliveries: [Delivery]) -> String {
    var places: [(place: String, steps: [String], events: [String])] = []
    for delivery in deliveries {
        let place =
            "\(delivery.queue)\(delivery.onDelegateQueue ? " (delegate queue)" : ""), "
            + (delivery.onMainThread ? "main thread" : "off the main thread")
        if places.last?.place != place { places.append((place, [], [])) }
        let last = places.count - 1
        if delivery.step != afterReceiveOnMain, !places[last].steps.contains(delivery.step) {
            places[last].steps.append(delivery.step)
        }
        if !places[last].events.contains(delivery.event) { places[last].events.append(delivery.event) }
    }
    guard !places.isEmpty else { return "nothing delivered" }
    return places.map { place in
        let steps = place.steps.isEmpty ? "" : place.steps.joined(separator: ", ") + ": "
        return steps + place.events.joined(separator: " and ") + " on " + place.place
    }
    .joined(separator: "; ")
}

// MARK: - The crash and its fixes

/// The crashing model, run in a child process: it stops on a signal before it shows a name.
func inlineClosureStopsTheProcess(in lab: Lab) async -> Finding<NameLoadRun> {
    let run = await runNameLoading(.inlineClosures, in: lab)
    return Finding(
        expected: "\(ChildEnding.signalled(isolationCheckSignal)), no name shown", value: run,
        measured: "\(run.endingDescription), " + (run.name.map { "name \($0)" } ?? "no name shown"),
        holds: run.ending == .signalled(isolationCheckSignal) && run.name == nil)
}

// excerpt: isolation-check-signal
/// The signal a failed isolation check stops a process with. libdispatch stops on the processor's
/// trap instruction: `ud2` on Intel and AMD, an illegal instruction (SIGILL, on Linux and on Intel
/// Macs); `brk` on ARM, a breakpoint (SIGTRAP, which Apple silicon reports as `EXC_BREAKPOINT`).
#if arch(x86_64) || arch(i386)
    let isolationCheckSignal = SIGILL
#else
    let isolationCheckSignal = SIGTRAP
#endif
// end excerpt

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
    let race = await raceSlowThenQuick(in: lab) { profile, id in profile.select(userID: id) }
    return Finding(expected: .latestWins, measured: race, describe: { $0.description })
}
