import CheckProcesses
import Combine
import ExerciseCatalog
import ExerciseSupport
import Foundation
import Harness
import LoopbackLab
import Quantities
import TimeControl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 9's code: makes a list screen model for a source.
public struct UserListModelCode: ExerciseCode {
    /// Makes the list screen model under check for the source the check hands it.
    public let makeScreen: @Sendable (ListSource) -> any ListScreenModel

    /// Wraps the function under check that makes a list screen model.
    public init(makeScreen: @escaping @Sendable (ListSource) -> any ListScreenModel) {
        self.makeScreen = makeScreen
    }
}

let userListModelChecks = CheckedExercise(
    .userListModel, code: UserListModelCode.self,
    measures: [
        CheckOf(decodingRunsOffTheDeliveryQueue),
        CheckOf(missingListNamesItsStatus),
        CheckOf(serverErrorNamesItsStatus),
        CheckOf(serverListShowsItsUsers),
        CheckOf(closingMidLoadStopsLoading),
        CheckOf(unavailableListIsRetried),
        CheckOf(missingListIsNotRetried),
    ])

/// The label of the queue the checks hand the screen to change its state on.
private let deliveryQueueLabel = "exercise 9 delivery queue"

/// One screen of the code under check, loading `url` with the lab's session, delivering on a serial
/// queue of its own, with a decoder that notes where it ran.
private struct CheckedScreen {
    let model: any ListScreenModel
    let decoder: WatchedDecoder
    let deliveryQueue: DispatchQueue

    init(_ code: UserListModelCode, loading url: URL, in lab: Lab) {
        decoder = WatchedDecoder(watching: lab.session)
        deliveryQueue = DispatchQueue(label: deliveryQueueLabel)
        model = code.makeScreen(
            ListSource(url: url, session: lab.session, deliveryQueue: deliveryQueue, decoder: decoder))
    }

    /// Shows the screen and waits until it has stopped loading; returns what it then shows.
    func shownOnceLoaded() async -> ListScreen {
        model.appear()
        _ = await until(timeout: patience) { !model.screen.isLoading }
        return model.screen
    }

    /// Waits until the delivery queue has run everything sent to it before this call.
    func deliveryQueueDrained() async {
        await withCheckedContinuation { drained in deliveryQueue.async { drained.resume() } }
    }
}

/// What a screen shows, as a check's report says it.
private func describe(_ screen: ListScreen) -> String {
    let parts = [
        screen.isLoading ? "still loading" : nil,
        screen.users.isEmpty
            ? "no users" : "\(counted(screen.users.count, "user")): " + screen.users.joined(separator: ", "),
        screen.errorMessage.map { "“\($0)”" },
    ]
    return parts.compactMap { $0 }.joined(separator: ", ")
}

/// The screen's delivery queue stands for the main queue, which must stay free for the screen: the
/// list may be decoded anywhere else (where URLSession called back, or on a queue of the code's own).
func decodingRunsOffTheDeliveryQueue(
    _ code: UserListModelCode, in lab: Lab
) async -> Finding<WatchedDecoder.Decode?> {
    let screen = CheckedScreen(code, loading: lab.url(Route.userList), in: lab)
    _ = await screen.shownOnceLoaded()
    let decode = screen.decoder.decodes.first
    let measured =
        switch decode {
        case nil: "nothing decoded"
        case let decode? where decode.queue == deliveryQueueLabel: "decoded on the delivery queue"
        case _?: "decoded off the delivery queue"
        }
    return Finding(
        expected: "decoded off the delivery queue", value: decode, measured: measured,
        holds: decode.map { $0.queue != deliveryQueueLabel } ?? false)
}

/// Loads `route`, which answers with an error `status`, and expects a message that names it.
private func statusIsNamed(
    _ status: Int, route: String, _ code: UserListModelCode, in lab: Lab
) async -> Finding<ListScreen> {
    let shown = await CheckedScreen(code, loading: lab.url(route), in: lab).shownOnceLoaded()
    let expected = "a message with \(status) in it, not loading"
    let holds = !shown.isLoading && shown.errorMessage?.contains("\(status)") == true
    return Finding(
        expected: expected, value: shown, measured: holds ? expected : describe(shown), holds: holds)
}

func missingListNamesItsStatus(_ code: UserListModelCode, in lab: Lab) async -> Finding<ListScreen> {
    await statusIsNamed(404, route: Route.retiredUserList, code, in: lab)
}

func serverErrorNamesItsStatus(_ code: UserListModelCode, in lab: Lab) async -> Finding<ListScreen> {
    await statusIsNamed(500, route: Route.failingUserList, code, in: lab)
}

func serverListShowsItsUsers(_ code: UserListModelCode, in lab: Lab) async -> Finding<ListScreen> {
    let screen = CheckedScreen(code, loading: lab.url(Route.userList), in: lab)
    let shown = await screen.shownOnceLoaded()
    let failure = screen.decoder.decodes.compactMap(\.failure).first
    return Finding(
        expected: "3 users: Ada Lovelace, Grace Hopper, Katherine Johnson", value: shown,
        measured: describe(shown) + (failure.map { "; the decoder threw \($0)" } ?? ""),
        holds: shown == ListScreen(users: ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"]))
}

/// Closes the screen once the server has its request for a list that takes a minute, and looks
/// once the request is over and the delivery queue has run what was sent to it.
func closingMidLoadStopsLoading(_ code: UserListModelCode, in lab: Lab) async -> Finding<ListScreen> {
    let url = lab.url(Route.slowUserList)
    let screen = CheckedScreen(code, loading: url, in: lab)
    screen.model.appear()
    _ = await until(timeout: patience) { lab.requestCount(for: url) == 1 }
    screen.model.disappear()
    let ended = await until(timeout: patience) { await tasks(of: lab.session).isEmpty }
    await screen.deliveryQueueDrained()
    let shown = screen.model.screen
    return Finding(
        expected: "the request cancelled, not loading", value: shown,
        measured: (ended ? "the request cancelled, " : "the request still running, ")
            + (shown.isLoading ? "still loading" : "not loading"),
        holds: ended && !shown.isLoading)
}

/// What a load came to, with the requests the server received for it.
struct CountedLoad: Equatable, Sendable {
    var requests: Int
    var screen: ListScreen
}

private func countedLoad(_ url: URL, _ code: UserListModelCode, in lab: Lab) async -> CountedLoad {
    let shown = await CheckedScreen(code, loading: url, in: lab).shownOnceLoaded()
    return CountedLoad(requests: lab.requestCount(for: url), screen: shown)
}

func unavailableListIsRetried(_ code: UserListModelCode, in lab: Lab) async -> Finding<CountedLoad> {
    let url = lab.url(Route.flakyUserList).appending(queryItems: Route.flaky(failing: 2))
    let load = await countedLoad(url, code, in: lab)
    return Finding(
        expected: "3 requests; 3 users: Ada Lovelace, Grace Hopper, Katherine Johnson", value: load,
        measured: "\(counted(load.requests, "request")); \(describe(load.screen))",
        holds: load.requests == 3 && load.screen.users.count == 3 && !load.screen.isLoading)
}

func missingListIsNotRetried(_ code: UserListModelCode, in lab: Lab) async -> Finding<CountedLoad> {
    let load = await countedLoad(lab.url(Route.retiredUserList), code, in: lab)
    return Finding(
        expected: "1 request", value: load, measured: counted(load.requests, "request"),
        holds: load.requests == 1)
}
