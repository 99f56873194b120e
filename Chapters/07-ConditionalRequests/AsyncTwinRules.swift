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

/// The async/await twins of the chapter's rules, in the order the report lists them, after the
/// Combine rows: the same lab, the same routes, the same counts. The refreshes are drawn beside the
/// Combine refreshes, on their time axis.
let awaitedConditionalRules = [
    Rule("await: the first load decodes the user", awaitedFirstLoadDecodesTheUser),
    Rule("await: an unchanged user is not decoded again", awaitedUnchangedUserIsNotDecodedAgain),
    Rule("await: a renamed user is decoded again", awaitedRenamedUserIsDecodedAgain),
    Rule("await: each refresh cancels the Task before it", awaitedRefreshesCancelTheOlderTasks)
        .drawn(beside: "three quick refreshes: one answer, one update"),
    Rule.demonstration(
        "await: unchecked, cancelled loads reach the screen", uncheckedRefreshesShowCancelledLoads
    )
    .drawn(beside: "three quick refreshes: one answer, one update"),
]

/// An awaited loader on a session without URLSession's cache, whose decoder counts its decodes.
private func watchedAwaitedLoader() -> (loader: AwaitedUserLoader, decoder: WatchedDecoder) {
    let session = uncachedSession()
    let decoder = WatchedDecoder(watching: session)
    return (AwaitedUserLoader(session: session, decoder: decoder), decoder)
}

/// Awaits `url` through `loader`, drawn on the `try await` lane, and sums up what happened.
private func awaitedLoad(
    _ url: URL, with loader: (loader: AwaitedUserLoader, decoder: WatchedDecoder), in lab: Lab
) async -> Revalidation {
    let loaded = await awaitedOnTheTimeline("try await loader.user(at:)") {
        try await loader.loader.user(at: url)
    }
    let shown =
        switch loaded {
        case .success(let user): user.name
        case .failure(let failure): "failed: \(failure)"
        }
    return Revalidation(
        shown: shown, ifNoneMatch: lab.requests(for: url).last?.headers["If-None-Match"],
        decodes: loader.decoder.decodes.count)
}

// excerpt: awaited-loads
/// With nothing remembered, the awaited loader sends a plain GET and decodes the answer.
func awaitedFirstLoadDecodesTheUser(in lab: Lab) async -> Finding<Revalidation> {
    let loader = watchedAwaitedLoader()
    let url = lab.url(Route.profile, tag: "awaited-first-load")
    return Finding(
        expected: Revalidation(shown: "Ada Lovelace", ifNoneMatch: nil, decodes: 1),
        measured: await awaitedLoad(url, with: loader, in: lab), describe: \.summary)
}

/// The second call sends the kept `ETag`, the server answers 304, and nothing is decoded.
func awaitedUnchangedUserIsNotDecodedAgain(in lab: Lab) async -> Finding<Revalidation> {
    let loader = watchedAwaitedLoader()
    let url = lab.url(Route.profile, tag: "awaited-unchanged")
    _ = await awaitedLoad(url, with: loader, in: lab)
    return Finding(
        expected: Revalidation(shown: "Ada Lovelace", ifNoneMatch: #""v1""#, decodes: 1),
        measured: await awaitedLoad(url, with: loader, in: lab), describe: \.summary)
}

/// After a rename the kept `ETag` is stale, so the new user comes back whole and is decoded.
func awaitedRenamedUserIsDecodedAgain(in lab: Lab) async -> Finding<Revalidation> {
    let loader = watchedAwaitedLoader()
    let url = lab.url(Route.profile, tag: "awaited-renamed")
    _ = await awaitedLoad(url, with: loader, in: lab)
    await lab.renameProfile(tag: "awaited-renamed")
    return Finding(
        expected: Revalidation(shown: "Augusta Ada King", ifNoneMatch: #""v1""#, decodes: 2),
        measured: await awaitedLoad(url, with: loader, in: lab), describe: \.summary)
}
// end excerpt

/// Three refreshes through `refresh`, each cancelling the load before it and each once the
/// request before it has reached the server (a load cancelled before its connection opened might
/// never be sent at all), the user renamed before the last, on the profile `url` of `tag`, and
/// `settled` awaited after each with the refresh's number. Returns once `shown` holds (the screen
/// shows the renamed user), the server has seen the first two clients leave, and `session` has no
/// task left: how many requests the server received, and how many of them were abandoned.
@MainActor
private func refreshThreeTimes(
    in lab: Lab, url: URL, tag: String, session: URLSession, refresh: () -> Void,
    settled: (Int) async -> Void = { _ in }, until shown: () -> Bool
) async -> (requests: Int, abandoned: Int) {
    let before = lab.server.requestCount(path: Route.heldProfile)
    for number in 1...3 {
        if number == 3 { await lab.renameProfile(tag: tag) }
        let called = ContinuousClock.now
        Timeline.current?.record(.action, lane: "screen", detail: "refresh()", at: called)
        refresh()
        // `refresh()` begins with `loading?.cancel()`: the Task before it was cancelled as it was
        // called, on this thread. Drawn once it has returned, since the model carries nothing for
        // the picture, on a lane of its own, the model's `loading`.
        if number > 1 {
            Timeline.current?.record(.cancel, lane: "loading Task", detail: "Task \(number - 1)", at: called)
        }
        _ = try? await lab.server.waitForRequest(number: before + number, path: Route.heldProfile)
        await settled(number)
    }
    _ = await until(shown)
    _ = await until(timeout: .seconds(10)) { abandonedCount(of: url, in: lab) >= 2 }
    // Linux Foundation takes a task out of the session only once its completion handler, which
    // ends the load's `await`, has returned: by then what the load does next is queued on the main
    // actor, ahead of this rule's next step. Asked last, when the answer is almost always already
    // yes, since reading the session's tasks while it removes one can stop the process there.
    _ = await until { await tasks(of: session).isEmpty }
    return (lab.requestCount(for: url), abandonedCount(of: url, in: lab))
}

/// How many requests to `url` the server saw their clients leave before it answered.
private func abandonedCount(of url: URL, in lab: Lab) -> Int {
    lab.server.abandonedRequests.count(where: { lab.server.url($0.request.target) == url })
}

/// The profile for `tag`, answered once three requests for it have arrived, so that all three
/// refreshes are in flight at once.
private func heldProfileURL(in lab: Lab, tag: String) -> URL {
    lab.url(Route.heldProfile, tag: tag).appending(queryItems: [.init(name: "together", value: "3")])
}

/// The profile for `tag`, each request's answer held until the rule releases it.
private func releasedProfileURL(in lab: Lab, tag: String) -> URL {
    lab.url(Route.heldProfile, tag: tag).appending(queryItems: [.init(name: "held", value: "1")])
}

// excerpt: awaited-refreshes
/// Three refreshes of the awaited model: each cancels the `Task` before it, so the first two
/// clients are gone when the server answers, as under `switchToLatest`; only the last answer is
/// written, decoded and shown.
@MainActor
func awaitedRefreshesCancelTheOlderTasks(in lab: Lab) async -> Finding<RefreshBurst> {
    let session = uncachedSession()
    let decoder = WatchedDecoder(watching: session)
    let loader = AwaitedUserLoader(session: session, decoder: decoder)
    let url = heldProfileURL(in: lab, tag: "awaited-refreshes")
    let model = AwaitedProfileModel { () async throws(APIError) -> User in try await loader.user(at: url) }
    let (requests, abandoned) = await refreshThreeTimes(
        in: lab, url: url, tag: "awaited-refreshes", session: session, refresh: model.refresh,
        until: { (try? model.result?.get().name) == ProfileResource.names.last })
    return Finding(
        expected: RefreshBurst(requests: 3, answered: 1, updates: 1, decodes: 1, shown: "Augusta Ada King"),
        measured: RefreshBurst(
            requests: requests, answered: requests - abandoned, updates: model.updates,
            decodes: decoder.decodes.count, shown: (try? model.result?.get().name) ?? "nothing"),
        describe: \.summary)
}
// end excerpt

/// What the screen of `UncheckedProfileModel` was given over three refreshes: the requests, the
/// answers the server wrote, and each update in order.
struct UncheckedBurst: Equatable, Sendable {
    var requests: Int
    var answered: Int
    var updates: [String]

    var summary: String {
        [counted(requests, "request"), "\(answered) answered", counted(updates.count, "update") + ": "]
            .joined(separator: ", ") + updates.joined(separator: ", ")
    }
}

// excerpt: unchecked-refreshes
/// The same refreshes without the cancellation check: each cancelled load throws, and its failure
/// reaches the screen. Which comes first, the second failure or the last answer, is a race (on a
/// busy machine the failure came last once, and the screen ended on it), so the server holds the
/// last answer until both failures are on the screen: the order is the same on every run. Nothing
/// like it happens under `switchToLatest`, where a cancelled load delivers nothing.
@MainActor
func uncheckedRefreshesShowCancelledLoads(in lab: Lab) async -> Finding<UncheckedBurst> {
    let session = uncachedSession()
    let loader = AwaitedUserLoader(session: session)
    let url = releasedProfileURL(in: lab, tag: "unchecked-refreshes")
    let model = UncheckedProfileModel { () async throws(APIError) -> User in try await loader.user(at: url) }
    let (requests, abandoned) = await refreshThreeTimes(
        in: lab, url: url, tag: "unchecked-refreshes", session: session, refresh: model.refresh,
        settled: { number in
            _ = await until { model.updates == number - 1 }
            guard number == 3 else { return }
            _ = await until(timeout: .seconds(10)) { abandonedCount(of: url, in: lab) >= 2 }
            for _ in 1...3 { lab.heldAnswers.release() }
        },
        until: { model.updates == 3 })
    let updates = model.shown.map { result in
        switch result {
        case .success(let user): user.name
        case .failure(let failure): "error \(failure)"
        }
    }
    return Finding(
        expected: UncheckedBurst(
            requests: 3, answered: 1,
            updates: ["error .transport(.cancelled)", "error .transport(.cancelled)", "Augusta Ada King"]),
        measured: UncheckedBurst(
            requests: requests, answered: requests - abandoned, updates: updates),
        describe: \.summary)
}
// end excerpt
