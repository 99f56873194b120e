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

/// The chapter's rules in the order the report lists them.
let cancellationRules = [
    Rule("a request in flight is one running task", requestInFlightIsOneRunningTask),
    Rule("cancel() ends the task and delivers nothing", cancelEndsTheTaskSilently),
    Rule("a cancellable going out of scope cancels", cancellableGoingOutOfScopeCancels),
    Rule("emptying the set of cancellables cancels", emptyingTheSetCancels),
    Rule("the task cancelled directly fails with .cancelled", cancellingTheTaskItselfDeliversCancelled),
    Rule("the owner going away cancels", ownerGoingAwayCancels),
    Rule("a sink whose result is not stored gets nothing", unstoredSinkGetsNothing),
    Rule("a cancelled POST still took effect", cancelledPostStillTookEffect),
    Rule.demonstration("a sink capturing self keeps its model alive", sinkCapturingSelfKeepsItsModelAlive),
    Rule("a handler capturing self only delays release", handlerCapturingSelfOnlyDelaysRelease),
]

// excerpt: in-flight
/// While the response is on its way, the subscription is one data task, running, and the server
/// already has the request.
func requestInFlightIsOneRunningTask(in lab: Lab) async -> Finding<InFlight> {
    let load = SlowLoad(in: lab, tag: "in-flight")
    let cancellable = load.start()
    await load.untilServerHasTheRequest()
    let inFlight = await load.inFlight()
    cancellable.cancel()
    _ = await load.afterRelease()
    return Finding(
        expected: InFlight(taskStates: ["running"], serverHasRequest: true),
        measured: inFlight, describe: \.summary)
}
// end excerpt

// excerpt: cancel
/// `cancel()` cancels the data task: the session lets go of it, the connection closes, and the
/// subscriber hears nothing more, not even a completion.
func cancelEndsTheTaskSilently(in lab: Lab) async -> Finding<AfterCancel> {
    let load = SlowLoad(in: lab, tag: "cancel")
    let cancellable = load.start()
    await load.untilServerHasTheRequest()
    cancellable.cancel()
    return await load.findingAfterRelease()
}
// end excerpt

// excerpt: out-of-scope
/// A cancellable held in a local lives until the function is done with it, and no longer.
func cancellableGoingOutOfScopeCancels(in lab: Lab) async -> Finding<AfterCancel> {
    let load = SlowLoad(in: lab, tag: "out-of-scope")
    await startAndWaitForTheServer(load)
    return await load.findingAfterRelease()
}

/// Starts the load and returns once the server has the request, releasing the cancellable.
func startAndWaitForTheServer(_ load: SlowLoad) async {
    let cancellable = load.start()
    await load.untilServerHasTheRequest()
    // Swift may release a local after its last use; this is that use, so the load lives until here.
    withExtendedLifetime(cancellable) {}
}
// end excerpt

// excerpt: set-emptied
/// A set of cancellables owns what it holds: emptying it cancels every subscription in it.
func emptyingTheSetCancels(in lab: Lab) async -> Finding<AfterCancel> {
    let load = SlowLoad(in: lab, tag: "set-emptied")
    var subscriptions = Set<AnyCancellable>()
    load.start().store(in: &subscriptions)
    await load.untilServerHasTheRequest()
    subscriptions.removeAll()
    return await load.findingAfterRelease()
}
// end excerpt

/// `URLError.cancelled` never reaches a subscriber through its cancellable: a cancelled
/// subscription stops listening first. It arrives when something else cancels the data task, here
/// the session's task cancelled directly; the publisher then fails with it, as with any transport
/// error.
func cancellingTheTaskItselfDeliversCancelled(in lab: Lab) async -> Finding<DirectCancel> {
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let url = lab.url(Route.verySlow, tag: "task-cancelled")
    // excerpt: task-cancelled-directly
    async let ended = outcome(of: session.dataTaskPublisher(for: url).map(\.data), lane: "subscriber")
    _ = await until { lab.requestCount(for: url) == 1 }
    Timeline.current?.record(.action, lane: "session", detail: "task.cancel()")
    await tasks(of: session).first?.cancel()
    let delivered = await ended
    // end excerpt
    let abandoned = await lab.abandonedRequest(for: url)
    return Finding(
        expected: DirectCancel(
            delivered: describe(Result<[Data], URLError>.failure(URLError(.cancelled))),
            clientLeftBeforeTheAnswer: true),
        measured: DirectCancel(
            delivered: describe(delivered), clientLeftBeforeTheAnswer: abandoned != nil),
        describe: \.summary)
}

/// What a subscriber got when the data task under it was cancelled from outside, and whether the
/// server saw the client leave.
struct DirectCancel: Equatable, Sendable {
    var delivered: String
    var clientLeftBeforeTheAnswer: Bool

    var summary: String { delivered + "; " + serverSide(clientLeft: clientLeftBeforeTheAnswer) }
}

/// What the owner's going away did: whether the owner was really freed, and what was left after.
struct OwnerRelease: Equatable, Sendable {
    var ownerFreed: Bool
    var after: AfterCancel

    var summary: String { (ownerFreed ? "owner freed; " : "owner still alive; ") + after.summary }
}

// excerpt: owner-goes-away
/// The model's set goes with the model, and the load with the set.
func ownerGoingAwayCancels(in lab: Lab) async -> Finding<OwnerRelease> {
    let load = SlowLoad(in: lab, tag: "owner-freed")
    var model: ScreenModel? = ScreenModel()
    weak let watched = model
    model?.keep(load.start())
    await load.untilServerHasTheRequest()
    model = nil
    let (after, departure) = await load.afterRelease()
    return Finding(
        expected: OwnerRelease(ownerFreed: true, after: .silentCancel),
        measured: OwnerRelease(ownerFreed: watched == nil, after: after),
        describe: \.summary, varies: departure)
}
// end excerpt

/// What a sink whose result was thrown away received, and whether its request got out before it
/// was cancelled.
struct UnstoredSink: Equatable, Sendable {
    var values: Int
    var completions: Int
    /// How many of the sink's requests reached the server; a race, so not in the summary.
    var requestsAtServer: Int

    /// Nothing delivered, however the race went.
    var holds: Bool { values == 0 && completions == 0 }

    var summary: String { deliverySummary(values: values, completions: completions) }

    /// Whether the request got out, which on Linux differs from run to run.
    var race: String {
        "the unstored sink's request "
            + (requestsAtServer == 0 ? "never reached the server" : "reached the server")
            + " this time"
    }
}

/// A sink's `AnyCancellable` that nobody keeps is released at once, and the subscription with it.
///
/// Whether the request gets out before it is cancelled is a race, so this rule talks to a lab of
/// its own whose server is counted but not drawn: the timeline shows only what is the same on
/// every run.
func unstoredSinkGetsNothing(in _: Lab) async -> Finding<UnstoredSink> {
    guard let lab = try? await Timeline.$current.withValue(nil, operation: Lab.open) else {
        return Finding(
            expected: "no value, no completion",
            value: UnstoredSink(values: 0, completions: 0, requestsAtServer: 0),
            measured: "could not start a second local server", holds: false)
    }
    defer { lab.close() }
    // The sink's lane shows what its subscription did: subscribed, asked for values, and was
    // cancelled when the `AnyCancellable` nobody kept was released.
    let (dropped, deliveries) = await withStageLanes([], subscribers: ["unstored sink"]) { stages in
        stages.attaching {
            // excerpt: unstored-sink
            let dropped = lab.url(Route.slow, tag: "unstored")
            let deliveries = DeliveryCounter()
            _ = lab.session.dataTaskPublisher(for: dropped)
                .sink(
                    receiveCompletion: { deliveries.countCompletion($0) },
                    receiveValue: { _ in deliveries.countValue() })
            // end excerpt
            return (dropped, deliveries)
        }
    }
    // The chapter's one fixed wait, when the request never got out: see `waitOutDroppedRequest`.
    await lab.waitOutDroppedRequest(for: dropped, answerDueAfter: RouteTable.slowDelay)
    let requestsAtServer = lab.requestCount(for: dropped)
    let measured = UnstoredSink(
        values: deliveries.values, completions: deliveries.completions, requestsAtServer: requestsAtServer)
    Timeline.current?.record(.note, lane: "unstored sink", detail: measured.summary)
    return Finding(
        expected: "no value, no completion", value: measured, measured: measured.summary,
        holds: measured.holds,
        varies: measured.race)
}

/// The server's answer to "how many orders do you have for this tag".
struct OrderRecord: Decodable, Sendable {
    let orders: Int
}

/// What became of an order whose request the client cancelled after the server had received it.
struct CancelledOrder: Equatable, Sendable {
    var ordersOnRecord: Int
    var values: Int
    var completions: Int
    var clientLeftBeforeTheAnswer: Bool

    var summary: String {
        counted(ordersOnRecord, "order") + " on record; "
            + deliverySummary(values: values, completions: completions)
            + "; " + (clientLeftBeforeTheAnswer ? "server: client left, no answer sent" : "server answered")
    }
}

// excerpt: cancelled-post
/// Cancelling stops the client waiting, not the server working: an order cancelled after the server
/// received it is on the server's record all the same.
func cancelledPostStillTookEffect(in lab: Lab) async -> Finding<CancelledOrder> {
    let orders = lab.url(Route.orders, tag: "cancelled-order")
    var placing = URLRequest(url: orders)
    placing.httpMethod = "POST"
    placing.httpBody = Data(#"{"item": "tea"}"#.utf8)
    let deliveries = DeliveryCounter()
    let cancellable = deliveries.subscribe(
        to: lab.session.dataTaskPublisher(for: placing), lane: "subscriber")
    _ = await until { lab.requestCount(for: orders) == 1 }
    cancellable.cancel()
    let abandoned = await lab.abandonedRequest(for: orders, orUntil: { deliveries.completions > 0 })
    let record = await outcome(
        of: lab.session.dataTaskPublisher(for: orders).map(\.data).decode(
            type: OrderRecord.self, decoder: JSONDecoder()),
        lane: "asking the server")
    return Finding(
        expected: CancelledOrder(
            ordersOnRecord: 1, values: 0, completions: 0, clientLeftBeforeTheAnswer: true),
        measured: CancelledOrder(
            ordersOnRecord: (try? record.get().first?.orders) ?? 0, values: deliveries.values,
            completions: deliveries.completions,
            clientLeftBeforeTheAnswer: abandoned != nil),
        describe: \.summary, varies: departureNote(abandoned))
}
// end excerpt

/// Whether a model that follows a subject that never finishes was freed once nobody else held it,
/// for each way of subscribing, and whether each really followed the subject first.
struct ModelRelease: Equatable, Sendable {
    var capturingSelfFreed: Bool
    var weakSelfFreed: Bool
    var assigningFreed: Bool
    /// The count each model showed after the subject sent 1: proof that it was subscribed.
    var followed: [Int]

    var summary: String {
        let freed = { (freed: Bool) in freed ? "freed" : "never freed" }
        return "self: \(freed(capturingSelfFreed))"
            + (capturingSelfFreed ? "" : " (cycle reproduced)")
            + "; [weak self]: \(freed(weakSelfFreed)); assign(to:): \(freed(assigningFreed))"
    }
}

/// A sink that captures `self`, stored in `self`'s own set, keeps the model alive after its last
/// owner lets go; `[weak self]` and `assign(to:)` do not.
func sinkCapturingSelfKeepsItsModelAlive(in _: Lab) async -> Finding<ModelRelease> {
    let ways: [(FollowingModel, PassthroughSubject<Int, Never>) -> Void] = [
        { $0.followCapturingSelf($1) }, { $0.followCapturingWeakly($1) }, { $0.followByAssigning($1) },
    ]
    var freed: [Bool] = []
    var followed: [Int] = []
    for (way, lane) in zip(ways, ["capturing self", "[weak self]", "assign(to:)"]) {
        let counts = PassthroughSubject<Int, Never>()  // never finishes
        // excerpt: let-the-model-go
        var model: FollowingModel? = FollowingModel()
        weak let watched = model
        way(model!, counts)
        counts.send(1)
        followed.append(watched?.latest ?? 0)
        model = nil
        freed.append(watched == nil)
        // end excerpt
        Timeline.current?.record(.action, lane: lane, detail: "model = nil")
        Timeline.current?.record(
            .note, lane: lane, detail: watched == nil ? "model freed" : "model still alive")
        withExtendedLifetime(counts) {}
    }
    return Finding(
        expected: ModelRelease(
            capturingSelfFreed: false, weakSelfFreed: true, assigningFreed: true, followed: [1, 1, 1]),
        measured: ModelRelease(
            capturingSelfFreed: freed[0], weakSelfFreed: freed[1], assigningFreed: freed[2],
            followed: followed),
        describe: \.summary)
}

/// What a strong `self` in a data task's handler did to the loader's life.
struct HandlerCapture: Equatable, Sendable {
    var aliveWhileTheAnswerWasPending: Bool
    var freedAfterTheAnswer: Bool

    var summary: String {
        (aliveWhileTheAnswerWasPending ? "loader kept until the answer" : "loader freed at once")
            + (freedAfterTheAnswer ? ", freed after it" : ", still alive after it")
    }
}

/// A completion handler that captures `self` keeps its loader alive only until the answer arrives:
/// the session lets go of the handler once it has run, so there is no cycle to break.
func handlerCapturingSelfOnlyDelaysRelease(in lab: Lab) async -> Finding<HandlerCapture> {
    let url = lab.url(Route.slowUser, tag: "handler-captures-self")
    // excerpt: let-the-loader-go
    var loader: HandlerLoader? = HandlerLoader()
    weak let watched = loader
    loader?.load(from: url, session: lab.session)
    Timeline.current?.record(.action, lane: "handler capturing self", detail: "loader = nil")
    loader = nil
    let aliveWhilePending = watched != nil
    _ = await until(timeout: .seconds(10)) { watched == nil }
    // end excerpt
    Timeline.current?.record(
        .note, lane: "handler capturing self", detail: watched == nil ? "loader freed" : "loader still alive")
    return Finding(
        expected: HandlerCapture(aliveWhileTheAnswerWasPending: true, freedAfterTheAnswer: true),
        measured: HandlerCapture(
            aliveWhileTheAnswerWasPending: aliveWhilePending, freedAfterTheAnswer: watched == nil),
        describe: \.summary)
}
