import Foundation
import Harness
import LocalServer
import LoopbackLab
import Quantities
import TimeControl
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The async/await twins of the review, after the Combine rows: each finding measured again on
/// the screen moved to async/await as it was, and on the screen with the review's fixes, plus the
/// finding the move adds. They run on the main actor, where the models live.
let awaitedCodeReviewRules = [
    Rule.demonstration("await, migrated: decoding runs on the main thread", migratedDecodesOnTheMainThread),
    Rule("await, reviewed: decoding runs off the main thread", awaitedReviewedDecodesOffTheMainThread),
    Rule.demonstration("await, migrated: a 404 and a 500 blame the data", migratedBlamesTheDataForAStatus),
    Rule("await, reviewed: a 404 and a 500 name the status", awaitedReviewedNamesTheStatus),
    Rule.demonstration("await, migrated: UUID ids reject the integer ids", migratedRejectsIntegerIDs),
    Rule("await, reviewed: Int ids: the three users are shown", awaitedReviewedShowsTheUsers),
    Rule.demonstration("await, migrated: closing mid-load shows an error", migratedShowsTheCancelWhenClosed),
    Rule("await, reviewed: closing mid-load stops quietly", awaitedReviewedStopsQuietlyWhenClosed),
    Rule.demonstration("await, migrated: a retry loop never retries a 503", migratedNeverRetriesAStatus),
    Rule("await, reviewed: a 503 is retried after the check", awaitedReviewedRetriesAfterTheCheck),
    Rule.demonstration("await, migrated: a released screen's load runs on", migratedLoadOutlivesItsScreen),
    Rule("await, reviewed: a released screen cancels its load", awaitedReviewedCancelsWhenReleased),
]

// MARK: - Where decoding runs

/// Loads the list on an async screen of `shape` and returns where its decoder ran.
@MainActor
func awaitedDecodePlace(_ shape: AwaitedShape, in lab: Lab, tag: String) async -> WatchedDecoder.Decode? {
    let url = lab.url(Route.userList, tag: tag)
    let screen = AwaitedScreenUnderReview(shape, loading: url)
    defer { screen.close() }
    _ = await screen.shownOnceLoaded(in: lab, url: url)
    return screen.decoder.decodes.first
}

/// The migrated model decodes in its own method, and a `@MainActor` model's methods run on the main
/// thread: the hop that `receive(on:)` made too early is now made by the actor, just as early.
@MainActor
func migratedDecodesOnTheMainThread(in lab: Lab) async -> Finding<WatchedDecoder.Decode?> {
    let decode = await awaitedDecodePlace(.migrated, in: lab, tag: "await-decode-migrated")
    return Finding(
        expected: "decoded on the main thread (\(mainQueueLabel))", value: decode,
        measured: describeAwaited(decode),
        holds: decode?.onMainThread == true && decode?.queue == mainQueueLabel)
}

/// Decoding in a `@concurrent` function runs off the main actor, on the pool of threads that runs
/// tasks, and only the list comes back to the model.
@MainActor
func awaitedReviewedDecodesOffTheMainThread(in lab: Lab) async -> Finding<WatchedDecoder.Decode?> {
    let decode = await awaitedDecodePlace(.reviewed, in: lab, tag: "await-decode-reviewed")
    return Finding(
        expected: "decoded off the main thread", value: decode, measured: describeAwaited(decode),
        holds: decode?.onMainThread == false && decode?.failure == nil)
}

/// Where an awaited decode ran, as a report row says it: the main queue by its label, any other
/// thread only as off the main thread (its queue's label differs between platforms).
private func describeAwaited(_ decode: WatchedDecoder.Decode?) -> String {
    guard let decode else { return "nothing decoded" }
    return decode.onMainThread
        ? "decoded on the main thread (\(decode.queue))" : "decoded off the main thread"
}

// MARK: - What a failed status shows

/// Loads the retired list (404) and then the failing one (500) on async screens of `shape`.
@MainActor
func awaitedFailedLoads(_ shape: AwaitedShape, in lab: Lab, tag: String) async -> [FailedLoad] {
    var loads: [FailedLoad] = []
    for (status, route) in [(404, Route.retiredUserList), (500, Route.failingUserList)] {
        let url = lab.url(route, tag: tag)
        let screen = AwaitedScreenUnderReview(shape, loading: url, lane: "screen, \(status)")
        let shown = await screen.shownOnceLoaded(in: lab, url: url)
        screen.close()
        if shape == .reviewed {
            noteScheduledWaits(before: lab.requests(for: url).map(\.arrivalTime), lane: "screen, \(status)")
        }
        loads.append(FailedLoad(status: status, requests: lab.requestCount(for: url), screen: shown))
    }
    return loads
}

/// `data(for:)` returns a 404 and a 500 as it returns a 200 (chapter 2), so the migrated model hands
/// their bodies to the decoder, and the screen blames the data, as the chain did.
@MainActor
func migratedBlamesTheDataForAStatus(in lab: Lab) async -> Finding<[FailedLoad]> {
    Finding(
        expected: [404, 500].map {
            FailedLoad(status: $0, requests: 1, screen: ListScreen(errorMessage: unreadableDataMessage))
        },
        measured: await awaitedFailedLoads(.migrated, in: lab, tag: "await-status-migrated"),
        describe: describe)
}

/// Checked first, the status becomes the message, and the 500 is sent three more times first.
@MainActor
func awaitedReviewedNamesTheStatus(in lab: Lab) async -> Finding<[FailedLoad]> {
    Finding(
        expected: [
            FailedLoad(
                status: 404, requests: 1,
                screen: ListScreen(errorMessage: "The user list is not there (HTTP 404).")),
            FailedLoad(
                status: 500, requests: 4,
                screen: ListScreen(errorMessage: "The server has a problem (HTTP 500). Try again later.")),
        ],
        measured: await awaitedFailedLoads(.reviewed, in: lab, tag: "await-status-reviewed"),
        describe: describe)
}

// MARK: - What the ids decode to

/// Loads the list the server has, with its integer ids, on an async screen of `shape`.
@MainActor
func awaitedDecodedList(_ shape: AwaitedShape, in lab: Lab, tag: String) async -> DecodedList {
    let url = lab.url(Route.userList, tag: tag)
    let screen = AwaitedScreenUnderReview(shape, loading: url)
    defer { screen.close() }
    let shown = await screen.shownOnceLoaded(in: lab, url: url)
    return DecodedList(users: shown.users, failure: screen.decoder.decodes.first?.failure)
}

/// The same `ArticleUser`, the same decoder, the same failure at the first id.
@MainActor
func migratedRejectsIntegerIDs(in lab: Lab) async -> Finding<DecodedList> {
    Finding(
        expected: DecodedList(users: [], failure: "DecodingError.typeMismatch(String) at [0].id"),
        measured: await awaitedDecodedList(.migrated, in: lab, tag: "await-ids-migrated"),
        describe: describe)
}

/// With `Int` ids the same body decodes.
@MainActor
func awaitedReviewedShowsTheUsers(in lab: Lab) async -> Finding<DecodedList> {
    Finding(
        expected: DecodedList(users: ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"], failure: nil),
        measured: await awaitedDecodedList(.reviewed, in: lab, tag: "await-ids-reviewed"),
        describe: describe)
}

// MARK: - Closing the screen mid-load

/// Shows an async screen of `shape` loading a list that takes a minute, closes it once the server
/// has the request, and looks at the screen once the cancelled request is over and the load's task
/// has had its turn on the main actor.
@MainActor
func awaitedClosedMidLoad(_ shape: AwaitedShape, in lab: Lab, tag: String) async -> ClosedMidLoad {
    let url = lab.url(Route.slowUserList, tag: tag)
    let screen = AwaitedScreenUnderReview(shape, loading: url)
    defer { screen.close() }
    screen.model.appear()
    _ = await until { lab.requestCount(for: url) == 1 }
    let task = await tasks(of: screen.session).first
    Timeline.current?.record(.action, lane: "screen", detail: "disappear()")
    screen.model.disappear()
    _ = await until { await tasks(of: screen.session).isEmpty }
    _ = await lab.abandonedRequest(for: url, timeout: .seconds(10))
    // The load's task resumes with the cancel on the main actor once this task lets it.
    _ = await until { !screen.model.isLoading }
    await screenRedrawn()
    return ClosedMidLoad(
        requestCancelled: (task?.error as? URLError)?.code == .cancelled, screen: screen.model.shown)
}

/// Cancelling the task makes `data(for:)` throw, so the `catch` runs and the indicator goes off: the
/// finding is gone. In its place the cancel is caught like any failure, and the screen shows it.
@MainActor
func migratedShowsTheCancelWhenClosed(in lab: Lab) async -> Finding<ClosedMidLoad> {
    Finding(
        expected: ClosedMidLoad(
            requestCancelled: true, screen: ListScreen(errorMessage: cancelledRequestMessage)),
        measured: await awaitedClosedMidLoad(.migrated, in: lab, tag: "await-close-migrated"),
        describe: describe)
}

/// The reviewed model turns the indicator off where it cancels, and its task shows nothing once it
/// has been cancelled.
@MainActor
func awaitedReviewedStopsQuietlyWhenClosed(in lab: Lab) async -> Finding<ClosedMidLoad> {
    Finding(
        expected: ClosedMidLoad(requestCancelled: true, screen: ListScreen()),
        measured: await awaitedClosedMidLoad(.reviewed, in: lab, tag: "await-close-reviewed"),
        describe: describe)
}

/// What `localizedDescription` says for `URLError.cancelled` in Linux Foundation, measured here.
let cancelledRequestMessage = "cancelled"

// MARK: - Retrying

/// Loads a list that answers 503 twice before it answers with the users, on an async screen of
/// `shape`.
@MainActor
func awaitedRetriedLoad(_ shape: AwaitedShape, in lab: Lab, tag: String) async -> RetriedLoad {
    let url = lab.url(Route.flakyUserList, tag: tag).appending(queryItems: Route.flaky(failing: 2))
    let screen = AwaitedScreenUnderReview(shape, loading: url)
    defer { screen.close() }
    let shown = await screen.shownOnceLoaded(in: lab, url: url)
    if shape == .reviewed {
        noteScheduledWaits(before: lab.requests(for: url).map(\.arrivalTime), lane: "screen")
    }
    return RetriedLoad(requests: lab.requestCount(for: url), screen: shown)
}

/// The loop, like `retry(3)`, goes round again only when the call throws, and a 503 comes back
/// from `data(for:)` as a value.
@MainActor
func migratedNeverRetriesAStatus(in lab: Lab) async -> Finding<RetriedLoad> {
    Finding(
        expected: RetriedLoad(requests: 1, screen: ListScreen(errorMessage: unreadableDataMessage)),
        measured: await awaitedRetriedLoad(.migrated, in: lab, tag: "await-retry-migrated"),
        describe: describe)
}

/// After the status check the 503 is a thrown `APIError.status(503)`, which the policy retries.
@MainActor
func awaitedReviewedRetriesAfterTheCheck(in lab: Lab) async -> Finding<RetriedLoad> {
    Finding(
        expected: RetriedLoad(
            requests: 3, screen: ListScreen(users: ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"])),
        measured: await awaitedRetriedLoad(.reviewed, in: lab, tag: "await-retry-reviewed"),
        describe: describe)
}

// MARK: - A screen released mid-load

/// What became of a screen's model and its load when the screen let go of the model mid-load,
/// without closing it first.
struct ReleasedMidLoad: Equatable, Sendable {
    /// Whether the model went as soon as nothing but its own load held it.
    var freedAtOnce: Bool
    /// Whether the server saw the client leave before it answered.
    var requestCancelled: Bool
    /// How many times the gone screen's decoder ran.
    var decodes: Int
    /// Whether the model was gone once its load was over.
    var freedInTheEnd: Bool

    var summary: String {
        (freedAtOnce ? "model freed at once" : "model kept by its load")
            + (requestCancelled ? "; request cancelled" : "; request answered")
            + (decodes == 0 ? "; nothing decoded" : "; answer decoded \(counted(decodes, "time"))")
            + (freedAtOnce ? "" : freedInTheEnd ? "; freed once the load ended" : "; still alive")
    }
}

/// Starts a load of the list that takes a minute on an async model of `shape` and lets go of the
/// model once the server has the request. A model that kept its load is then answered at once, so
/// that the load ends; one that cancelled its load is watched until the server sees the client go.
@MainActor
func releasedMidLoad(_ shape: AwaitedShape, in lab: Lab, tag: String) async -> ReleasedMidLoad {
    let url = lab.url(Route.slowUserList, tag: tag)
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let decoder = WatchedDecoder(watching: session)
    var model: (any AwaitedListScreenModel)? = shape.model(
        loading: AwaitedListSource(url: url, session: session, decoder: decoder))
    weak let watched = model
    model?.appear()
    _ = await until { lab.requestCount(for: url) == 1 }
    let dataTask = await tasks(of: session).first
    model = nil
    let freedAtOnce = watched == nil
    // A freed model's deinit cancels its Task. On Linux that cancel reaches the data task a moment
    // later when it lands between `data(for:)` resuming the task and noting it (seen on a busy
    // machine), so the task is given a while to start cancelling.
    var dataTaskCancelled = false
    if freedAtOnce {
        dataTaskCancelled = await until(timeout: .seconds(10)) {
            dataTask.map { [.canceling, .completed].contains($0.state) } ?? false
        }
    }
    Timeline.current?.record(.action, lane: "screen", detail: "model = nil")
    Timeline.current?.record(.note, lane: "screen", detail: freedAtOnce ? "model freed" : "model still alive")
    var abandoned: AbandonedRequest?
    if dataTaskCancelled {
        abandoned = await lab.abandonedRequest(for: url, timeout: .seconds(10))
    } else {
        lab.heldAnswers.sendDelayedAnswersNow()
        _ = await until(timeout: .seconds(10)) { watched == nil }
        Timeline.current?.record(
            .note, lane: "screen",
            detail: watched == nil ? "model freed once its load ended" : "model still alive")
    }
    return ReleasedMidLoad(
        freedAtOnce: freedAtOnce, requestCancelled: dataTaskCancelled && abandoned != nil,
        decodes: decoder.decodes.count, freedInTheEnd: watched == nil)
}

/// The migrated load's task holds the model, so letting go of it stops nothing: the request is
/// answered, the gone screen's model decodes the answer on the main thread, and it is freed only
/// when its load ends. A `Set<AnyCancellable>` or a stored cancellable going away cancelled instead.
@MainActor
func migratedLoadOutlivesItsScreen(in lab: Lab) async -> Finding<ReleasedMidLoad> {
    Finding(
        expected: ReleasedMidLoad(
            freedAtOnce: false, requestCancelled: false, decodes: 1, freedInTheEnd: true),
        measured: await releasedMidLoad(.migrated, in: lab, tag: "await-release-migrated"),
        describe: \.summary)
}

/// The reviewed task holds the model weakly, so the model goes at once, and its `deinit` cancels
/// the load: the server sees the client leave, and nothing is decoded.
@MainActor
func awaitedReviewedCancelsWhenReleased(in lab: Lab) async -> Finding<ReleasedMidLoad> {
    Finding(
        expected: ReleasedMidLoad(freedAtOnce: true, requestCancelled: true, decodes: 0, freedInTheEnd: true),
        measured: await releasedMidLoad(.reviewed, in: lab, tag: "await-release-reviewed"),
        describe: \.summary)
}
