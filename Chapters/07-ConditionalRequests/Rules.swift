import Combine
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

/// The chapter's rules in the order the report lists them.
let conditionalRequestRules = [
    Rule("the first load decodes the user", firstLoadDecodesTheUser),
    Rule("an unchanged user is not decoded again", unchangedUserIsNotDecodedAgain),
    Rule("a renamed user is decoded again", renamedUserIsDecodedAgain),
    Rule("three quick refreshes: one answer, one update", quickRefreshesShowOnlyTheLatest),
]

/// What a load through `RevalidatingUserLoader` came to: the user's name (or the failure), the
/// `If-None-Match` the server received with the last request, and how many bodies the loader's
/// decoder has decoded so far.
struct Revalidation: Equatable, Sendable {
    var shown: String
    var ifNoneMatch: String?
    var decodes: Int

    var summary: String {
        let condition = ifNoneMatch.map { "If-None-Match \($0)" } ?? "no If-None-Match"
        return [shown, condition, counted(decodes, "decode")].joined(separator: ", ")
    }
}

/// A loader on a session without URLSession's cache, whose decoder counts its decodes from outside.
private func watchedLoader() -> (loader: RevalidatingUserLoader, decoder: WatchedDecoder) {
    let session = uncachedSession()
    let decoder = WatchedDecoder(watching: session)
    return (RevalidatingUserLoader(session: session, decoder: decoder), decoder)
}

/// Loads `url` through `loader` and sums up what happened, as `Revalidation`.
private func load(
    _ url: URL, with loader: (loader: RevalidatingUserLoader, decoder: WatchedDecoder), in lab: Lab
) async -> Revalidation {
    let loaded = await outcome(of: loader.loader.user(at: url), lane: "subscriber")
    let shown =
        switch loaded {
        case .success(let users): users.map(\.name).joined(separator: ", ")
        case .failure(let failure): "failed: \(failure)"
        }
    return Revalidation(
        shown: shown, ifNoneMatch: lab.requests(for: url).last?.headers["If-None-Match"],
        decodes: loader.decoder.decodes.count)
}

// excerpt: first-load
/// With nothing remembered, the loader sends a plain GET and decodes the answer.
func firstLoadDecodesTheUser(in lab: Lab) async -> Finding<Revalidation> {
    let loader = watchedLoader()
    let url = lab.url(Route.profile, tag: "first-load")
    return Finding(
        expected: Revalidation(shown: "Ada Lovelace", ifNoneMatch: nil, decodes: 1),
        measured: await load(url, with: loader, in: lab), describe: \.summary)
}
// end excerpt

// excerpt: unchanged-user
/// The second load sends the `ETag` it kept; the server answers 304 with no body, and the loader
/// hands back the user it already has.
func unchangedUserIsNotDecodedAgain(in lab: Lab) async -> Finding<Revalidation> {
    let loader = watchedLoader()
    let url = lab.url(Route.profile, tag: "unchanged")
    _ = await load(url, with: loader, in: lab)
    return Finding(
        expected: Revalidation(shown: "Ada Lovelace", ifNoneMatch: #""v1""#, decodes: 1),
        measured: await load(url, with: loader, in: lab), describe: \.summary)
}
// end excerpt

// excerpt: renamed-user
/// After a rename the kept `ETag` no longer matches, so the server sends the new user with a new
/// `ETag`, and the loader decodes it: the cache is never stale for longer than one request.
func renamedUserIsDecodedAgain(in lab: Lab) async -> Finding<Revalidation> {
    let loader = watchedLoader()
    let url = lab.url(Route.profile, tag: "renamed")
    _ = await load(url, with: loader, in: lab)
    await lab.renameProfile(tag: "renamed")
    return Finding(
        expected: Revalidation(shown: "Augusta Ada King", ifNoneMatch: #""v1""#, decodes: 2),
        measured: await load(url, with: loader, in: lab), describe: \.summary)
}
// end excerpt

/// What three quick refreshes of `ProfileModel` came to: the requests the server received, how
/// many of them it answered (it writes nothing to a client that has gone), and what the screen saw.
struct RefreshBurst: Equatable, Sendable {
    var requests: Int
    var answered: Int
    var updates: Int
    var decodes: Int
    var shown: String

    var summary: String {
        [
            counted(requests, "request"), "\(answered) answered", counted(updates, "update"),
            counted(decodes, "decode"), shown,
        ]
        .joined(separator: ", ")
    }
}

/// The chain `ProfileModel` subscribes as it is made, as it writes it, up to the
/// `switchToLatest()` its `sink` hears from: the picture draws where each load is cancelled.
let profileModelStages: [WrittenStage] = [
    WrittenStage("refreshes", returns: "PassthroughSubject"), "map(_:)",
]

/// `quickRefreshes(in:stages:)`, with the model's chain drawn stage by stage.
func quickRefreshesShowOnlyTheLatest(in lab: Lab) async -> Finding<RefreshBurst> {
    await withStageLanes(profileModelStages, subscribers: ["switchToLatest()"]) { stages in
        await quickRefreshes(in: lab, stages: stages)
    }
}

// excerpt: quick-refreshes
/// Three refreshes, each once the request before it has reached the server, the user renamed just
/// before the last. `switchToLatest` cancels each load when the next begins, so the first two
/// clients are gone when the server answers; only the last answer is written, decoded and shown.
/// The model is made inside `stages`, so the picture draws its chain stage by stage.
func quickRefreshes(in lab: Lab, stages: StageAttachments) async -> Finding<RefreshBurst> {
    let session = uncachedSession()
    let decoder = WatchedDecoder(watching: session)
    let loader = RevalidatingUserLoader(session: session, decoder: decoder)
    let url = lab.url(Route.heldProfile, tag: "refreshes").appending(queryItems: [
        .init(name: "together", value: "3")
    ])
    let model = stages.attaching { ProfileModel { loader.user(at: url) } }
    for number in 1...3 {
        if number == 3 { await lab.renameProfile(tag: "refreshes") }
        Timeline.current?.record(.action, lane: "screen", detail: "refresh()")
        model.refresh()
        // Each refresh waits for its request to reach the server: a load cancelled before its
        // connection opened might never be sent at all.
        _ = try? await lab.server.waitForRequest(number: number, path: Route.heldProfile)
    }
    // The server holds all three until the third arrives, then answers it, and the first two only
    // if their clients are still there 5 s later; the renamed user shows once the last
    // exchange is done, and once no task is left, any load that was not cancelled would have been
    // shown too. The server notices each client that left on its own time, hence the last wait.
    _ = await until { (try? model.result?.get().name) == ProfileResource.names.last }
    _ = await until { await tasks(of: session).isEmpty }
    let abandoned = {
        lab.server.abandonedRequests.count(where: { lab.server.url($0.request.target) == url })
    }
    _ = await until(timeout: .seconds(10)) { abandoned() >= 2 }
    let requests = lab.requestCount(for: url)
    return Finding(
        expected: RefreshBurst(requests: 3, answered: 1, updates: 1, decodes: 1, shown: "Augusta Ada King"),
        measured: RefreshBurst(
            requests: requests, answered: requests - abandoned(), updates: model.updates,
            decodes: decoder.decodes.count, shown: (try? model.result?.get().name) ?? "nothing"),
        describe: \.summary)
}
// end excerpt
