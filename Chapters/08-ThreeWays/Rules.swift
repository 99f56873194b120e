import Combine
import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import TimeControl
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter's rules in the order the report lists them.
let threeWaysRules =
    [
        Rule("the completion handler runs off the main thread", completionHandlerRunsOffTheMainThread),
        Rule("the @escaping handler runs after the call returned", completionHandlerOutlivesTheCall),
        Rule("a data task never resumed sends nothing", unresumedTaskSendsNothing),
        Rule("a sink whose cancellable is not stored gets nothing", unstoredSubscriptionGetsNothing),
        Rule("async/await returns the same image as the other two", threeWaysReturnTheSameImage),
        Rule("try? makes a 404 and a refused connection one nil", tryQuestionMarkHidesTheDifference),
        Rule("cancelling the awaiting Task cancels the request", cancellingTheTaskCancelsTheRequest),
        Rule("a Task outlives its owner; a child task does not", unstructuredTaskOutlivesItsOwner),
        Rule("a suspended await holds no thread", suspendedDownloadsHoldNoThread),
        Rule("publisher.values feeds a for try await loop", valuesFeedAForTryAwaitLoop),
        Rule("each caller shows its image on the main thread", everyCallSiteShowsTheImageOnTheMainThread),
        Rule.demonstration(
            "as written, async without @MainActor keeps the bug", droppingMainAsyncKeepsTheThreadingBug),
        Rule("MainActor.run in that model sets it on main", mainActorRunSetsThePictureOnTheMainThread),
    ] + migrationSettingRules + publisherIsolationRules

/// The handler runs where URLSession calls back, its delegate queue, which is not the main thread:
/// the hop to the main queue is the caller's job.
func completionHandlerRunsOffTheMainThread(in lab: Lab) async -> Finding<HandlerCall> {
    let call = await completionHandlerCall(lab.url(Route.image, tag: "handler-thread"), session: lab.session)
    return Finding(
        expected: HandlerCall(result: .success(.sample), onMainThread: false, onDelegateQueue: true),
        measured: call, describe: \.summary)
}

/// `@escaping` lets the handler outlive the call that takes it: `downloadImage` returns at once,
/// and the handler runs later, when the answer has come. The server holds the answer until the
/// rule has looked, so the order is the code's, not a race's.
func completionHandlerOutlivesTheCall(in lab: Lab) async -> Finding<EscapingCall> {
    let url = lab.url(Route.image, tag: "escaping").appending(queryItems: [
        URLQueryItem(name: "held", value: "1")
    ])
    // excerpt: escaping-handler
    let calls = Locked(0)
    downloadImage(from: url, session: lab.session) { _ in calls.withLock { $0 += 1 } }
    let callsWhenItReturned = calls.withLock { $0 }
    // end excerpt
    Timeline.current?.record(
        .note, lane: "completion handler",
        detail: "downloadImage returned: \(counted(callsWhenItReturned, "call"))")
    _ = await until { lab.requestCount(for: url) == 1 }
    lab.heldAnswers.release()
    // Looked at every millisecond, so the note falls within about one of the handler's call.
    _ = await until(checkingEvery: .milliseconds(1)) { calls.withLock { $0 } == 1 }
    Timeline.current?.record(
        .note, lane: "completion handler",
        detail: "after the answer: \(counted(calls.withLock { $0 }, "call"))")
    return Finding(
        expected: EscapingCall(callsWhenItReturned: 0, callsAfterTheAnswer: 1),
        measured: EscapingCall(
            callsWhenItReturned: callsWhenItReturned, callsAfterTheAnswer: calls.withLock { $0 }),
        describe: \.summary)
}

// excerpt: never-resumed
/// `dataTask(with:)` only makes the task; until `resume()` it stays suspended and sends nothing.
func unresumedTask(in lab: Lab) async -> Finding<UnresumedTask> {
    let url = lab.url(Route.image, tag: "never-resumed")
    let calls = Locked(0)
    let task = imageTask(from: url, session: lab.session) { _ in calls.withLock { $0 += 1 } }
    // Showing that nothing is sent takes a bound: a resumed request reaches the loopback server
    // within milliseconds, so half a second with no request is enough. A fixed wait on purpose.
    try? await Task.sleep(for: .milliseconds(500))
    let seen = UnresumedTask(
        state: name(of: task.state), requestsAtServer: lab.requestCount(for: url),
        handlerCalls: calls.withLock { $0 })
    task.cancel()
    return Finding(
        expected: UnresumedTask(state: "suspended", requestsAtServer: 0, handlerCalls: 0),
        measured: seen, describe: \.summary)
}
// end excerpt

/// `unresumedTask(in:)`, drawn as chapter 1 draws a publisher nobody subscribed to: the
/// task made and never resumed, then what it, its handler and the server had after the wait, and
/// the `cancel()` that ended it.
func unresumedTaskSendsNothing(in lab: Lab) async -> Finding<UnresumedTask> {
    let made = ContinuousClock.now
    let finding = await unresumedTask(in: lab)
    let seen = finding.value
    let timeline = Timeline.current
    timeline?.record(.note, lane: "task", detail: "made, never resumed", at: made)
    timeline?.record(
        .note, lane: "task",
        detail: "still \(seen.state), handler called \(counted(seen.handlerCalls, "time"))")
    timeline?.record(.action, lane: "task", detail: "task.cancel()")
    timeline?.record(
        .note, lane: Timeline.serverLane, detail: counted(seen.requestsAtServer, "request") + " after 500 ms")
    return finding
}

/// A sink's `AnyCancellable` that is thrown away is released at once, and the subscription with it.
///
/// Whether the request gets out before the cancel is a race, so this rule talks to a server of its
/// own that is counted but not drawn: the timeline shows only what is the same on every run.
func unstoredSubscriptionGetsNothing(in _: Lab) async -> Finding<Deliveries> {
    let timeline = Timeline.current
    guard let lab = try? await Timeline.$current.withValue(nil, operation: Lab.open) else {
        return Finding(
            expected: Deliveries.none.summary, value: .none, measured: "could not start a second server",
            holds: false)
    }
    defer { lab.close() }
    let deliveries = DeliveryCounter()
    let url = lab.url(Route.slowImage, tag: "unstored")
    // The sink's lane shows what its subscription did: subscribed, asked for values, and was
    // cancelled when the `AnyCancellable` nobody kept was released.
    await withStageLanes([], subscribers: ["unstored sink"]) { stages in
        stages.attaching {
            // excerpt: unstored-sink
            _ = imagePublisher(from: url, session: lab.session)
                .sink(
                    receiveCompletion: { deliveries.countCompletion($0) },
                    receiveValue: { _ in deliveries.countValue() })
            // end excerpt
        }
    }
    await lab.waitOutDroppedRequest(for: url, answerDueAfter: RouteTable.slowDelay)
    let measured = Deliveries(values: deliveries.values, completions: deliveries.completions)
    timeline?.record(.note, lane: "unstored sink", detail: measured.summary)
    return Finding(expected: .none, measured: measured, describe: \.summary)
}

// excerpt: three-ways
/// The same picture downloaded each way: the handler's result, the publisher's one value and what
/// `try await` returned describe the same image.
func threeWaysReturnTheSameImage(in lab: Lab) async -> Finding<ThreeImages> {
    let url = lab.url(Route.image, tag: "three-ways")
    let handled = await completionHandlerCall(url, session: lab.session).result
    let published = await outcome(of: imagePublisher(from: url, session: lab.session), lane: "Combine")
    let awaited = await recordedImage(lane: "async/await", from: url, session: lab.session)
    return Finding(
        expected: ThreeImages(
            completionHandler: .success(.sample), combine: .success([.sample]), asyncAwait: .success(.sample)),
        measured: ThreeImages(completionHandler: handled, combine: published, asyncAwait: awaited),
        describe: \.summary)
}
// end excerpt

/// `try?` answers only "did it work"; the typed error still says what went wrong.
func tryQuestionMarkHidesTheDifference(in lab: Lab) async -> Finding<TwoFailures> {
    let missing = lab.url(Route.missingImage, tag: "try")
    let refused = closedLoopbackURL()
    var seen = TwoFailures()
    // excerpt: try-question-mark
    seen.missingWithTry = try? await image(from: missing, session: lab.session)
    seen.refusedWithTry = try? await image(from: refused, session: lab.session)
    do {
        _ = try await image(from: missing, session: lab.session)
    } catch {
        seen.missingTyped = error  // an APIError: the function says so
    }
    do {
        _ = try await image(from: refused, session: lab.session)
    } catch {
        seen.refusedTyped = error
    }
    // end excerpt
    return Finding(
        expected: TwoFailures(missingTyped: .status(404), refusedTyped: .transport(.cannotConnectToHost)),
        measured: seen, describe: \.summary)
}

/// Cancelling the `Task` that awaits `image(from:session:)` cancels URLSession's data task: the
/// function throws, the data task ends cancelled, and the server sees the client leave.
func cancellingTheTaskCancelsTheRequest(in lab: Lab) async -> Finding<CancelledDownload> {
    // A session of its own, so its task list holds this download's task and nothing else.
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let url = lab.url(Route.verySlow, tag: "cancel-await")
    // excerpt: cancel-the-task
    let download = Task { await recordedImage(lane: "async/await", from: url, session: session) }
    _ = await until { lab.requestCount(for: url) == 1 }
    let dataTask = await tasks(of: session).first
    Timeline.current?.record(.action, lane: "async/await", detail: "Task.cancel()")
    download.cancel()
    let thrown = await download.value
    // end excerpt
    _ = await until { dataTask?.state == .completed }
    let taskEnd =
        dataTask.map { task in
            name(of: task.state) + ", " + (task.error.map { describe(failure: $0) } ?? "no error")
        } ?? "not found"
    return Finding(
        expected: CancelledDownload(
            thrown: .failure(.transport(.cancelled)), sessionTask: "completed, URLError.cancelled",
            serverSawClientLeave: true),
        measured: CancelledDownload(
            thrown: thrown, sessionTask: taskEnd,
            serverSawClientLeave: await lab.abandonedRequest(for: url) != nil),
        describe: \.summary)
}

/// An owner task starts two downloads, one in an unstructured `Task` and one in a child task
/// (`async let`), and is cancelled while both are under way: the child is cancelled with it, the
/// unstructured task is not and brings its image home after the owner has ended.
func unstructuredTaskOutlivesItsOwner(in lab: Lab) async -> Finding<TaskLifetimes> {
    let session = lab.session
    let looseURL = lab.url(Route.slowImage, tag: "unstructured")
    let childURL = lab.url(Route.verySlow, tag: "child")
    // excerpt: owner
    let owner = Task {
        let unstructured = Task {
            await recordedImage(lane: "unstructured Task", from: looseURL, session: session)
        }
        // The unstructured request goes first, so the server's record reads the same every run.
        _ = await until { lab.requestCount(for: looseURL) == 1 }
        async let child = recordedImage(lane: "child task", from: childURL, session: session)
        return (unstructured, await child)
    }
    _ = await until { lab.requestCount(for: childURL) == 1 }
    Timeline.current?.record(.action, lane: "owner", detail: "owner.cancel()")
    owner.cancel()
    let (unstructured, child) = await owner.value
    // end excerpt
    let looseResult = await unstructured.value
    return Finding(
        expected: TaskLifetimes(
            unstructured: .success(.sample), unstructuredCancelled: false,
            child: .failure(.transport(.cancelled)), childServerSawClientLeave: true),
        measured: TaskLifetimes(
            unstructured: looseResult, unstructuredCancelled: unstructured.isCancelled, child: child,
            childServerSawClientLeave: await lab.abandonedRequest(for: childURL) != nil),
        describe: \.summary)
}

/// `values` turns a publisher into an async sequence: each value is one turn of the loop, finishing
/// ends the loop, and a failure is thrown, as `any Error`, from the `for try await` line.
func valuesFeedAForTryAwaitLoop(in lab: Lab) async -> Finding<[LoopRun]> {
    var runs: [LoopRun] = []
    for route in [Route.image, Route.missingImage] {
        let url = lab.url(route, tag: "values")
        // excerpt: values
        var run = LoopRun(images: [])
        do {
            for try await image in imagePublisher(from: url, session: lab.session).values {
                run.images.append(image)
            }
        } catch {
            run.thrown = (error as? APIError)?.description ?? describe(failure: error)
        }
        // end excerpt
        Timeline.current?.record(.note, lane: "for try await", detail: run.summary)
        runs.append(run)
    }
    return Finding(
        expected: [LoopRun(images: [.sample]), LoopRun(images: [], thrown: ".status(404)")],
        measured: runs, describe: { $0.map(\.summary).joined(separator: "; ") })
}
