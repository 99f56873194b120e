import Foundation
import Harness
import LoopbackLab
import Quantities
import TimeControl
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter's rules in the order the report lists them: each review finding, measured on the
/// screen as written and then on the reviewed one.
let codeReviewRules = [
    Rule.demonstration("as written, decoding runs on the main thread", writtenDecodesOnTheMainThread),
    Rule("reviewed, decoding runs off the main thread", reviewedDecodesOffTheMainThread),
    Rule.demonstration("as written, a 404 and a 500 blame the data", writtenBlamesTheDataForAStatus),
    Rule("reviewed, a 404 and a 500 name the status", reviewedNamesTheStatus),
    Rule.demonstration("as written, UUID ids reject the integer ids", writtenRejectsIntegerIDs),
    Rule("reviewed, Int ids: the three users are shown", reviewedShowsTheUsers),
    Rule.demonstration("as written, closing mid-load leaves it loading", writtenStaysLoadingWhenClosed),
    Rule("reviewed, closing mid-load stops the loading", reviewedStopsLoadingWhenClosed),
    Rule("as written, appearing again cancels the load before", writtenCancelsTheLoadBefore),
    Rule.demonstration("as written, retry(3) never retries a 503", writtenNeverRetriesAStatus),
    Rule("reviewed, a 503 is retried after the check", reviewedRetriesAfterTheCheck),
]

// MARK: - Where decoding runs

/// Loads the list on a screen of `shape` and returns where its decoder ran.
func decodePlace(_ shape: Shape, in lab: Lab, tag: String) async -> WatchedDecoder.Decode? {
    let screen = ScreenUnderReview(shape, loading: lab.url(Route.userList, tag: tag))
    defer { screen.close() }
    _ = await screen.shownOnceLoaded()
    return screen.decoder.decodes.first
}

/// The article hops to the main queue first, so everything after, decoding included, runs on the
/// main thread, where the screen has to stay responsive.
func writtenDecodesOnTheMainThread(in lab: Lab) async -> Finding<WatchedDecoder.Decode?> {
    let decode = await decodePlace(.asWritten, in: lab, tag: "decode-written")
    return Finding(
        expected: "decoded on the main thread (\(mainQueueLabel))", value: decode, measured: describe(decode),
        holds: decode?.onMainThread == true && decode?.queue == mainQueueLabel)
}

/// Decoding before `receive(on:)` runs where URLSession called back: its delegate queue.
func reviewedDecodesOffTheMainThread(in lab: Lab) async -> Finding<WatchedDecoder.Decode?> {
    let decode = await decodePlace(.reviewed, in: lab, tag: "decode-reviewed")
    return Finding(
        expected: "decoded off the main thread, on the session's delegate queue", value: decode,
        measured: describe(decode), holds: decode?.onMainThread == false && decode?.onDelegateQueue == true)
}

/// The main queue's label, the same on every platform.
let mainQueueLabel = "com.apple.main-thread"

/// Where a decode ran, as a report row says it.
private func describe(_ decode: WatchedDecoder.Decode?) -> String {
    guard let decode else { return "nothing decoded" }
    if decode.onMainThread { return "decoded on the main thread (\(decode.queue))" }
    return "decoded off the main thread, "
        + (decode.onDelegateQueue ? "on the session's delegate queue" : "on \(decode.queue)")
}

// MARK: - What a failed status shows

/// What a screen showed after loading a route that answered with an error status.
struct FailedLoad: Equatable, Sendable {
    var status: Int
    var requests: Int
    var screen: ListScreen
}

/// Loads the retired list (404) and then the failing one (500) on screens of `shape`.
func failedLoads(_ shape: Shape, in lab: Lab, tag: String) async -> [FailedLoad] {
    var loads: [FailedLoad] = []
    for (status, route) in [(404, Route.retiredUserList), (500, Route.failingUserList)] {
        let url = lab.url(route, tag: tag)
        let screen = ScreenState.$laneForNewScreens.withValue("screen, \(status)") {
            ScreenUnderReview(shape, loading: url)
        }
        let shown = await screen.shownOnceLoaded()
        screen.close()
        if shape == .reviewed {
            noteScheduledWaits(before: lab.requests(for: url).map(\.arrivalTime), lane: "screen, \(status)")
        }
        loads.append(FailedLoad(status: status, requests: lab.requestCount(for: url), screen: shown))
    }
    return loads
}

// excerpt: unreadable-data-message
/// What `localizedDescription` says for a `DecodingError`, whatever went wrong: Linux Foundation's
/// words, measured here, and Apple's for the same error (Cocoa's error 4864).
#if os(Linux)
    let unreadableDataMessage = "The operation could not be completed. The data isn’t in the correct format."
#else
    let unreadableDataMessage = "The data couldn’t be read because it isn’t in the correct format."
#endif
// end excerpt

/// With no status check, the error's body goes to the decoder, which cannot make a list of it: the
/// user reads that the data is in the wrong format, the same for a missing list as for a server
/// that is down.
func writtenBlamesTheDataForAStatus(in lab: Lab) async -> Finding<[FailedLoad]> {
    Finding(
        expected: [404, 500].map {
            FailedLoad(status: $0, requests: 1, screen: ListScreen(errorMessage: unreadableDataMessage))
        },
        measured: await failedLoads(.asWritten, in: lab, tag: "status-written"), describe: describe)
}

/// Checked first, the status becomes the message; the 500, worth another try, was sent three more
/// times first.
func reviewedNamesTheStatus(in lab: Lab) async -> Finding<[FailedLoad]> {
    Finding(
        expected: [
            FailedLoad(
                status: 404, requests: 1,
                screen: ListScreen(errorMessage: "The user list is not there (HTTP 404).")),
            FailedLoad(
                status: 500, requests: 4,
                screen: ListScreen(errorMessage: "The server has a problem (HTTP 500). Try again later.")),
        ],
        measured: await failedLoads(.reviewed, in: lab, tag: "status-reviewed"), describe: describe)
}

/// Failed loads as a report row: what each status showed, and after how many requests.
func describe(_ loads: [FailedLoad]) -> String {
    let messages = Set(loads.map(\.screen.summary))
    let requests = loads.map { "\($0.status): \(counted($0.requests, "request"))" }.joined(separator: ", ")
    if loads.count > 1, messages.count == 1, let message = messages.first {
        let statuses = loads.map { "\($0.status)" }.joined(separator: " and ")
        return "\(statuses) both show \(message) (\(requests))"
    }
    return loads.map { "\($0.status) shows \($0.screen.summary) (\(counted($0.requests, "request")))" }
        .joined(separator: "; ")
}

// MARK: - What the ids decode to

/// The names a screen showed, and what its decoder threw.
struct DecodedList: Equatable, Sendable {
    var users: [String]
    var failure: String?
}

/// Loads the list the server has, with its integer ids, on a screen of `shape`.
func decodedList(_ shape: Shape, in lab: Lab, tag: String) async -> DecodedList {
    let screen = ScreenUnderReview(shape, loading: lab.url(Route.userList, tag: tag))
    defer { screen.close() }
    let shown = await screen.shownOnceLoaded()
    return DecodedList(users: shown.users, failure: screen.decoder.decodes.first?.failure)
}

/// A `UUID` decodes from a string; the first id is a number, and the whole list fails with it.
func writtenRejectsIntegerIDs(in lab: Lab) async -> Finding<DecodedList> {
    Finding(
        expected: DecodedList(users: [], failure: "DecodingError.typeMismatch(String) at [0].id"),
        measured: await decodedList(.asWritten, in: lab, tag: "ids-written"), describe: describe)
}

/// With `Int` ids the same body decodes.
func reviewedShowsTheUsers(in lab: Lab) async -> Finding<DecodedList> {
    Finding(
        expected: DecodedList(users: ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"], failure: nil),
        measured: await decodedList(.reviewed, in: lab, tag: "ids-reviewed"), describe: describe)
}

func describe(_ list: DecodedList) -> String {
    if let failure = list.failure {
        return "\(counted(list.users.count, "user")) shown; decode threw \(failure)"
    }
    return "\(counted(list.users.count, "user")) shown: " + list.users.joined(separator: ", ")
}

// MARK: - Closing the screen mid-load

/// What closing a screen while its list was loading came to.
struct ClosedMidLoad: Equatable, Sendable {
    /// Whether the data task ended cancelled.
    var requestCancelled: Bool
    var screen: ListScreen
}

/// Shows a screen of `shape` loading a list that takes a minute, closes it once the server has the
/// request, and looks at the screen once the cancelled request is over and the main queue has run
/// whatever was sent to it: a change that has not come by then is not coming.
func closedMidLoad(_ shape: Shape, in lab: Lab, tag: String) async -> ClosedMidLoad {
    let url = lab.url(Route.slowUserList, tag: tag)
    let screen = ScreenUnderReview(shape, loading: url)
    defer { screen.close() }
    screen.model.appear()
    _ = await until { lab.requestCount(for: url) == 1 }
    let task = await tasks(of: screen.session).first
    Timeline.current?.record(.action, lane: "screen", detail: "disappear()")
    screen.model.disappear()
    _ = await until { await tasks(of: screen.session).isEmpty }
    // The server notices the client leave a moment later; waiting for it keeps that in this
    // rule's part of the timeline.
    _ = await until(timeout: .seconds(10)) {
        lab.server.abandonedRequests.contains { lab.server.url($0.request.target) == url }
    }
    await mainQueueDrained()
    return ClosedMidLoad(
        requestCancelled: (task?.error as? URLError)?.code == .cancelled, screen: screen.model.screen.current)
}

/// Cancelling ends the subscription without a completion, and the completion was the only place
/// the article turned the indicator off.
func writtenStaysLoadingWhenClosed(in lab: Lab) async -> Finding<ClosedMidLoad> {
    Finding(
        expected: ClosedMidLoad(requestCancelled: true, screen: ListScreen(isLoading: true)),
        measured: await closedMidLoad(.asWritten, in: lab, tag: "close-written"), describe: describe)
}

/// The reviewed model turns it off where it cancels.
func reviewedStopsLoadingWhenClosed(in lab: Lab) async -> Finding<ClosedMidLoad> {
    Finding(
        expected: ClosedMidLoad(requestCancelled: true, screen: ListScreen()),
        measured: await closedMidLoad(.reviewed, in: lab, tag: "close-reviewed"), describe: describe)
}

func describe(_ closed: ClosedMidLoad) -> String {
    (closed.requestCancelled ? "request cancelled" : "request not cancelled")
        + "; screen: \(closed.screen.summary)"
}

/// What showing a screen again while its first load was still running came to.
struct AppearedAgain: Equatable, Sendable {
    /// The requests the server got: one a load.
    var requests: Int
    /// Whether the first load's data task ended cancelled.
    var firstCancelled: Bool
    /// The loads still running once the second had reached the server.
    var running: Int

    var summary: String {
        "\(counted(requests, "request")); the first \(firstCancelled ? "cancelled" : "not cancelled"), "
            + "\(counted(running, "load")) running"
    }
}

// excerpt: appeared-again
/// The article's `loadUsers()` calls `cancelLoading()` first and keeps one cancellable, so a screen
/// that appears again while its list is loading, as a view can, cancels the load before instead of
/// running two that race for the screen. The list takes a minute, so both loads are under way.
func writtenCancelsTheLoadBefore(in lab: Lab) async -> Finding<AppearedAgain> {
    let url = lab.url(Route.slowUserList, tag: "appear-again")
    let screen = ScreenUnderReview(.asWritten, loading: url)
    defer { screen.close() }
    screen.model.appear()
    _ = await until { lab.requestCount(for: url) == 1 }
    let first = await tasks(of: screen.session).first
    Timeline.current?.record(.action, lane: "screen", detail: "appear() again")
    screen.model.appear()
    _ = await until { lab.requestCount(for: url) == 2 }
    _ = await until { await tasks(of: screen.session).count == 1 }
    let seen = AppearedAgain(
        requests: lab.requestCount(for: url), firstCancelled: (first?.error as? URLError)?.code == .cancelled,
        running: await tasks(of: screen.session).count)
    Timeline.current?.record(.action, lane: "screen", detail: "disappear()")
    screen.model.disappear()
    _ = await until { await tasks(of: screen.session).isEmpty }
    // The server notices both clients leave a moment later; waiting for it keeps that in this rule.
    _ = await until(timeout: .seconds(10)) {
        lab.server.abandonedRequests.count { lab.server.url($0.request.target) == url } == 2
    }
    return Finding(
        expected: AppearedAgain(requests: 2, firstCancelled: true, running: 1), measured: seen,
        describe: \.summary)
}
// end excerpt

// MARK: - Retrying

/// What a screen showed for a list that fails twice with a 503 and then answers, and how many
/// requests reached the server.
struct RetriedLoad: Equatable, Sendable {
    var requests: Int
    var screen: ListScreen
}

/// Loads a list that answers 503 twice before it answers with the users, on a screen of `shape`.
func retriedLoad(_ shape: Shape, in lab: Lab, tag: String) async -> RetriedLoad {
    let url = lab.url(Route.flakyUserList, tag: tag).appending(queryItems: Route.flaky(failing: 2))
    let screen = ScreenUnderReview(shape, loading: url)
    defer { screen.close() }
    let shown = await screen.shownOnceLoaded()
    if shape == .reviewed {
        noteScheduledWaits(before: lab.requests(for: url).map(\.arrivalTime), lane: "screen")
    }
    return RetriedLoad(requests: lab.requestCount(for: url), screen: shown)
}

/// Draws on `lane` the wait the reviewed model's policy (`RetryPolicy(maximumRetries: 3)`)
/// scheduled before each retry, ending when the retry arrived, so the gaps between attempts are
/// not left unsaid. The awaited reviewed model sleeps as long before each retry, under the same
/// policy.
func noteScheduledWaits(before arrivals: [ContinuousClock.Instant], lane: String) {
    for (retry, arrival) in arrivals.dropFirst().enumerated() {
        let wait = RetryPolicy(maximumRetries: 3).backoff(beforeRetry: retry + 1)
        Timeline.current?.record(.wait, lane: lane, detail: "\(Int(wait.milliseconds)) ms", at: arrival)
    }
}

/// `retry(3)` resubscribes only after a failure, and a 503 is a response, not a failure, until
/// something turns it into one; here nothing does before the decoder.
func writtenNeverRetriesAStatus(in lab: Lab) async -> Finding<RetriedLoad> {
    Finding(
        expected: RetriedLoad(requests: 1, screen: ListScreen(errorMessage: unreadableDataMessage)),
        measured: await retriedLoad(.asWritten, in: lab, tag: "retry-written"), describe: describe)
}

/// After the status check the 503 is a failure, the retry sends the request again, and the third
/// answer is the list.
func reviewedRetriesAfterTheCheck(in lab: Lab) async -> Finding<RetriedLoad> {
    Finding(
        expected: RetriedLoad(
            requests: 3, screen: ListScreen(users: ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"])),
        measured: await retriedLoad(.reviewed, in: lab, tag: "retry-reviewed"), describe: describe)
}

func describe(_ load: RetriedLoad) -> String {
    "\(counted(load.requests, "request")); screen: \(load.screen.summary)"
}
