import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import TimeControl
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The async/await twins of the chapter's rules, in the order of the Combine rules they answer,
/// after the Combine rows: the same lab, the same routes. Each is drawn on the time axis of the
/// Combine rule it answers, but for the loop, whose three lanes are about lifetimes, not time.
let awaitedCancellationRules = [
    Rule("await: a request in flight is one running task", awaitedRequestInFlightIsOneRunningTask)
        .drawn(beside: "a request in flight is one running task"),
    Rule("await: Task.cancel() ends the task, and it throws", taskCancelEndsTheTaskAndThrows)
        .drawn(beside: "cancel() ends the task and delivers nothing"),
    Rule("await: an async let left unawaited is cancelled", unawaitedAsyncLetIsCancelled)
        .drawn(beside: "a cancellable going out of scope cancels"),
    Rule("await: a cancel in Task.sleep throws CancellationError", cancelInTheSleepThrowsCancellationError)
        .drawn(beside: "the task cancelled directly fails with .cancelled"),
    Rule("await: an owner must cancel its tasks in deinit", ownerCancellingInDeinitCancels)
        .drawn(beside: "the owner going away cancels"),
    Rule("await: a Task nobody stores runs to the end", unstoredTaskRunsToTheEnd)
        .drawn(beside: "a sink whose result is not stored gets nothing"),
    Rule("await: a cancelled POST still took effect", awaitedCancelledPostStillTookEffect)
        .drawn(beside: "a cancelled POST still took effect"),
    Rule.demonstration("await: a loop capturing self keeps its model", loopCapturingSelfKeepsItsModel),
    Rule("await: a Task capturing self only delays release", taskCapturingSelfOnlyDelaysRelease)
        .drawn(beside: "a handler capturing self only delays release"),
]

// excerpt: awaited-in-flight
/// While the answer is on its way, the awaited load is one data task, running, and the server
/// already has the request: the same as under a subscription.
func awaitedRequestInFlightIsOneRunningTask(in lab: Lab) async -> Finding<InFlight> {
    let load = AwaitedLoad(in: lab, tag: "await-in-flight")
    let task = Task { await load.awaited() }
    await load.untilServerHasTheRequest()
    let inFlight = await load.inFlight()
    Timeline.current?.record(.action, lane: awaitLane, detail: "Task.cancel()")
    task.cancel()
    _ = await load.afterCancel()
    return Finding(
        expected: InFlight(taskStates: ["running"], serverHasRequest: true),
        measured: inFlight, describe: \.summary)
}
// end excerpt

// excerpt: task-cancel
/// `cancel()` on the `Task` reaches the data task under `data(for:)`: the session lets go of it, the
/// connection closes, and the awaiting code is told, with `URLError.cancelled` thrown at once.
func taskCancelEndsTheTaskAndThrows(in lab: Lab) async -> Finding<AwaitedEnd> {
    let load = AwaitedLoad(in: lab, tag: "await-cancel")
    let task = Task { await load.awaited() }
    await load.untilServerHasTheRequest()
    Timeline.current?.record(.action, lane: awaitLane, detail: "Task.cancel()")
    task.cancel()
    return await load.findingAfterCancel()
}
// end excerpt

/// A child task whose scope ends without awaiting it was cancelled, and the scope waited for it:
/// when the function returned, the call had already thrown.
struct ScopeEnd: Equatable, Sendable {
    var endedBeforeTheScopeReturned: Bool
    var after: AwaitedEnd

    var summary: String {
        (endedBeforeTheScopeReturned
            ? "ended before the scope returned; " : "still running after the scope; ")
            + after.summary
    }
}

// excerpt: async-let
/// An `async let` that its scope never awaits is cancelled when the scope ends, and the scope waits
/// for it to finish before it returns: a lifetime tied to the code, as a local cancellable's is.
func unawaitedAsyncLetIsCancelled(in lab: Lab) async -> Finding<ScopeEnd> {
    let load = AwaitedLoad(in: lab, tag: "async-let")
    await startAsAChildAndLeave(load)
    let endedBeforeTheScopeReturned = load.outcome != nil
    let (after, timing) = await load.afterCancel()
    return Finding(
        expected: ScopeEnd(endedBeforeTheScopeReturned: true, after: .toldOfTheCancel),
        measured: ScopeEnd(endedBeforeTheScopeReturned: endedBeforeTheScopeReturned, after: after),
        describe: \.summary, varies: timing)
}

/// Starts the load as a child task and returns once the server has the request, never awaiting it.
func startAsAChildAndLeave(_ load: AwaitedLoad) async {
    async let _ = load.awaited()
    await load.untilServerHasTheRequest()
}
// end excerpt

/// What a load cancelled in its pause threw, and whether any request of it reached the server.
struct PausedCancel: Equatable, Sendable {
    var outcome: String
    var requests: Int

    var summary: String {
        outcome + "; " + (requests == 0 ? "no request sent" : counted(requests, "request") + " sent")
    }
}

/// A cancel lands wherever the task is waiting, and what is thrown is that place's error: here the
/// pause before the request, so `Task.sleep` throws `CancellationError` and `data(for:)` never runs.
func cancelInTheSleepThrowsCancellationError(in lab: Lab) async -> Finding<PausedCancel> {
    let session = lab.session
    let url = lab.url(Route.user, tag: "cancelled-in-the-pause")
    // excerpt: cancel-in-the-pause
    let search = Task {
        await awaitedOnTheTimeline("try await, after a 300 ms pause") {
            try await awaitedBody(after: .milliseconds(300), from: url, session: session)
        }
    }
    Timeline.current?.record(.action, lane: "search", detail: "Task.cancel()")
    search.cancel()
    let outcome = await search.value
    // end excerpt
    return Finding(
        expected: PausedCancel(outcome: "threw CancellationError()", requests: 0),
        measured: PausedCancel(outcome: describe(awaited: outcome), requests: lab.requestCount(for: url)),
        describe: \.summary)
}

/// What the owner's going away did to an awaited load: whether the owner was freed, and what was
/// left after.
struct AwaitedOwnerRelease: Equatable, Sendable {
    var ownerFreed: Bool
    var after: AwaitedEnd

    var summary: String { (ownerFreed ? "owner freed; " : "owner still alive; ") + after.summary }
}

// excerpt: awaited-owner-goes-away
/// The model goes when its last owner lets go, and its `deinit` cancels the loads it kept.
func ownerCancellingInDeinitCancels(in lab: Lab) async -> Finding<AwaitedOwnerRelease> {
    let load = AwaitedLoad(in: lab, tag: "await-owner-freed")
    var model: AwaitingScreenModel? = AwaitingScreenModel()
    weak let watched = model
    model?.keep(Task { await load.awaited() })
    await load.untilServerHasTheRequest()
    Timeline.current?.record(.action, lane: awaitLane, detail: "model = nil")
    model = nil
    let (after, timing) = await load.afterCancel()
    return Finding(
        expected: AwaitedOwnerRelease(ownerFreed: true, after: .toldOfTheCancel),
        measured: AwaitedOwnerRelease(ownerFreed: watched == nil, after: after),
        describe: \.summary, varies: timing)
}
// end excerpt

/// What a task whose handle nobody kept did: what its call gave, and how many requests reached the
/// server.
struct UnstoredTask: Equatable, Sendable {
    var outcome: String
    var requests: Int

    var summary: String { counted(requests, "request") + " at the server; " + outcome }
}

/// A `Task` whose handle is thrown away is not cancelled: it runs, its request reaches the server,
/// and the body comes back, where a sink thrown away was cancelled at once.
func unstoredTaskRunsToTheEnd(in lab: Lab) async -> Finding<UnstoredTask> {
    let load = AwaitedLoad(in: lab, route: Route.delayedUser, tag: "unstored-task")
    // excerpt: unstored-task
    Task { await load.awaited() }
    // end excerpt
    _ = await until { load.outcome != nil }
    load.session.finishTasksAndInvalidate()
    let measured = UnstoredTask(
        outcome: load.outcome.map { describe(awaited: $0) } ?? "not ended",
        requests: lab.requestCount(for: load.url))
    return Finding(
        expected: UnstoredTask(
            outcome: "returned \(RouteTable.userBody.utf8.count) bytes, threw nothing", requests: 1),
        measured: measured, describe: \.summary)
}

/// What became of an order whose awaited request was cancelled after the server had received it.
struct AwaitedCancelledOrder: Equatable, Sendable {
    var ordersOnRecord: Int
    var outcome: String
    var clientLeftBeforeTheAnswer: Bool

    var summary: String {
        counted(ordersOnRecord, "order") + " on record; " + outcome + "; "
            + serverSide(clientLeft: clientLeftBeforeTheAnswer)
    }
}

// excerpt: awaited-cancelled-post
/// The awaiting code is told of the cancel, and that is all it learns: the server took the order
/// when the request arrived, and it is on record all the same.
func awaitedCancelledPostStillTookEffect(in lab: Lab) async -> Finding<AwaitedCancelledOrder> {
    let orders = lab.url(Route.orders, tag: "await-cancelled-order")
    var placing = URLRequest(url: orders)
    placing.httpMethod = "POST"
    placing.httpBody = Data(#"{"item": "tea"}"#.utf8)
    let order = Task { [placing] in
        await awaitedOnTheTimeline { try await awaitedBody(for: placing, session: lab.session) }
    }
    _ = await until { lab.requestCount(for: orders) == 1 }
    Timeline.current?.record(.action, lane: awaitLane, detail: "Task.cancel()")
    order.cancel()
    let placed = await order.value
    let abandoned = await lab.abandonedRequest(for: orders)
    let record = await awaitedOnTheTimeline("try await, asking the server") {
        let body = try await awaitedBody(from: orders, session: lab.session)
        return try JSONDecoder().decode(OrderRecord.self, from: body)
    }
    return Finding(
        expected: AwaitedCancelledOrder(
            ordersOnRecord: 1, outcome: "threw URLError.cancelled", clientLeftBeforeTheAnswer: true),
        measured: AwaitedCancelledOrder(
            ordersOnRecord: (try? record.get().orders) ?? 0, outcome: describe(awaited: placed),
            clientLeftBeforeTheAnswer: abandoned != nil),
        describe: \.summary, varies: departureNote(abandoned))
}
// end excerpt

/// For each way of writing a model's `for await` loop over a stream that has not finished, what
/// letting go of the model did.
struct LoopRelease: Equatable, Sendable {
    /// The count each model showed before it was let go: proof that it followed the stream.
    var followed: [Int]
    /// Whether each model was still there, and still counting, after it was let go.
    var keptAfterLettingGo: [Bool]
    /// Whether each model was freed in the end, once the stream finished if not before.
    var freedInTheEnd: [Bool]
    /// Whether the loop of the one model freed while the stream ran ended then, its `deinit`
    /// having cancelled it.
    var freedModelsLoopEnded: Bool

    var summary: String {
        let words = zip(keptAfterLettingGo, freedInTheEnd).map { kept, freed in
            if !kept { return "freed, its loop " + (freedModelsLoopEnded ? "ended" : "still running") }
            return freed ? "kept, counting, until the stream finished" : "never freed"
        }
        return zip(["self", "[weak self]", "guard let self"], words).map { "\($0): \($1)" }
            .joined(separator: "; ")
    }
}

/// A task whose loop uses `self` keeps the model for as long as the stream runs, which for a stream
/// that never finishes is for ever; so does `[weak self]` made strong before the loop. Only a weak
/// reference looked at inside the loop lets the model go, and its `deinit` then ends the loop.
func loopCapturingSelfKeepsItsModel(in _: Lab) async -> Finding<LoopRelease> {
    let ways: [(CountFollower, AsyncStream<Int>) -> Void] = [
        { $0.followCapturingSelf($1) }, { $0.followCapturingWeakly($1) }, { $0.followUnwrappingFirst($1) },
    ]
    var measured = LoopRelease(
        followed: [], keptAfterLettingGo: [], freedInTheEnd: [], freedModelsLoopEnded: true)
    for (way, lane) in zip(
        ways, ["loop capturing self", "loop with [weak self]", "loop after guard let self"])
    {
        let (counts, continuation) = AsyncStream.makeStream(of: Int.self)
        let loopEnded = Locked(false)
        continuation.onTermination = { _ in loopEnded.withLock { $0 = true } }
        // excerpt: let-the-follower-go
        var model: CountFollower? = CountFollower()
        weak let watched = model
        way(model!, counts)
        continuation.yield(1)
        _ = await until { watched?.latest == 1 }
        measured.followed.append(watched?.latest ?? 0)
        model = nil
        continuation.yield(2)
        _ = await until { watched == nil || watched?.latest == 2 }
        // end excerpt
        let kept = watched != nil
        measured.keptAfterLettingGo.append(kept)
        Timeline.current?.record(.action, lane: lane, detail: "model = nil")
        if kept {
            Timeline.current?.record(.note, lane: lane, detail: "model still alive, showing 2")
            continuation.finish()
            _ = await until(timeout: .seconds(10)) { watched == nil }
            Timeline.current?.record(
                .note, lane: lane,
                detail: watched == nil
                    ? "freed once the stream finished" : "still alive after the stream finished")
        } else {
            let ended = await until(timeout: .seconds(10)) { loopEnded.withLock { $0 } }
            measured.freedModelsLoopEnded = measured.freedModelsLoopEnded && ended
            Timeline.current?.record(
                .note, lane: lane,
                detail: ended ? "model freed, its loop ended" : "model freed, its loop running")
        }
        measured.freedInTheEnd.append(watched == nil)
        continuation.finish()
    }
    return Finding(
        expected: LoopRelease(
            followed: [1, 1, 1], keptAfterLettingGo: [true, false, true], freedInTheEnd: [true, true, true],
            freedModelsLoopEnded: true),
        measured: measured, describe: \.summary)
}

/// What a strong `self` in a model's own task did to the model's life.
struct TaskCapture: Equatable, Sendable {
    var aliveWhileTheTaskRan: Bool
    var freedOnceItEnded: Bool

    var summary: String {
        (aliveWhileTheTaskRan ? "model kept while its task ran" : "model freed at once")
            + (freedOnceItEnded ? ", freed once it ended" : ", still alive after it ended")
    }
}

/// A task that captures `self` keeps its model alive until the task ends, and no longer: the
/// model is not deinitialised, and cannot cancel the load, while the answer is pending.
func taskCapturingSelfOnlyDelaysRelease(in lab: Lab) async -> Finding<TaskCapture> {
    let url = lab.url(Route.slowUser, tag: "task-captures-self")
    // excerpt: let-the-loading-model-go
    var model: UserLoadingModel? = UserLoadingModel()
    weak let watched = model
    model?.load(from: url, session: lab.session)
    _ = await until { lab.requestCount(for: url) == 1 }
    Timeline.current?.record(.action, lane: "task capturing self", detail: "model = nil")
    model = nil
    let aliveWhileTheTaskRan = watched != nil
    _ = await until(timeout: .seconds(30)) { watched == nil }
    // end excerpt
    Timeline.current?.record(
        .note, lane: "task capturing self", detail: watched == nil ? "model freed" : "model still alive")
    return Finding(
        expected: TaskCapture(aliveWhileTheTaskRan: true, freedOnceItEnded: true),
        measured: TaskCapture(aliveWhileTheTaskRan: aliveWhileTheTaskRan, freedOnceItEnded: watched == nil),
        describe: \.summary)
}
