import Combine
import Foundation
import TypedClient
import Workbook

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter's rules in the order the report lists them.
let conditionalRequestRules = [
    Rule("the first load decodes the user", firstLoadDecodesTheUser),
    Rule("an unchanged user costs a 304 and no decode", unchangedUserIsNotDecodedAgain),
    Rule("a renamed user is decoded again", renamedUserIsDecodedAgain),
    Rule("three quick refreshes: three requests, one update", quickRefreshesShowOnlyTheLatest),
]

/// What a load through `RevalidatingUserLoader` came to: the user's name (or the failure), the
/// `If-None-Match` the server received with the last request, and the loader's counts so far.
struct Revalidation: Equatable, Sendable {
    var shown: String
    var ifNoneMatch: String?
    var decodes: Int
    var notModified: Int

    var summary: String {
        let condition = ifNoneMatch.map { "If-None-Match \($0)" } ?? "no If-None-Match"
        return [shown, condition, counted(decodes, "decode"), counted(notModified, "304 answer")]
            .joined(separator: ", ")
    }
}

/// Loads `url` through `loader` and sums up what happened, as `Revalidation`.
private func load(_ url: URL, with loader: RevalidatingUserLoader, in lab: Lab) async -> Revalidation {
    let loaded = await outcome(of: loader.user(at: url), lane: "subscriber")
    let shown =
        switch loaded {
        case .success(let users): users.map(\.name).joined(separator: ", ")
        case .failure(let failure): "failed: \(failure)"
        }
    return Revalidation(
        shown: shown, ifNoneMatch: lab.requests(for: url).last?.headers["If-None-Match"],
        decodes: loader.decodes, notModified: loader.notModifiedAnswers)
}

// excerpt: first-load
/// With nothing remembered, the loader sends a plain GET and decodes the answer.
func firstLoadDecodesTheUser(in lab: Lab) async -> Finding<Revalidation> {
    let loader = RevalidatingUserLoader(session: uncachedSession())
    let url = lab.url(Route.profile, tag: "first-load")
    return Finding(
        expected: Revalidation(shown: "Ada Lovelace", ifNoneMatch: nil, decodes: 1, notModified: 0),
        measured: await load(url, with: loader, in: lab), describe: \.summary)
}
// end excerpt

// excerpt: unchanged-user
/// The second load sends the `ETag` it kept; the server answers 304 with no body, and the loader
/// hands back the user it already has.
func unchangedUserIsNotDecodedAgain(in lab: Lab) async -> Finding<Revalidation> {
    let loader = RevalidatingUserLoader(session: uncachedSession())
    let url = lab.url(Route.profile, tag: "unchanged")
    _ = await load(url, with: loader, in: lab)
    return Finding(
        expected: Revalidation(shown: "Ada Lovelace", ifNoneMatch: #""v1""#, decodes: 1, notModified: 1),
        measured: await load(url, with: loader, in: lab), describe: \.summary)
}
// end excerpt

// excerpt: renamed-user
/// After a rename the kept `ETag` no longer matches, so the server sends the new user with a new
/// `ETag`, and the loader decodes it: the cache is never stale for longer than one request.
func renamedUserIsDecodedAgain(in lab: Lab) async -> Finding<Revalidation> {
    let loader = RevalidatingUserLoader(session: uncachedSession())
    let url = lab.url(Route.profile, tag: "renamed")
    _ = await load(url, with: loader, in: lab)
    await lab.renameProfile(tag: "renamed")
    return Finding(
        expected: Revalidation(shown: "Augusta Ada King", ifNoneMatch: #""v1""#, decodes: 2, notModified: 0),
        measured: await load(url, with: loader, in: lab), describe: \.summary)
}
// end excerpt

/// What three quick refreshes of `ProfileModel` came to.
struct RefreshBurst: Equatable, Sendable {
    var requests: Int
    var updates: Int
    var decodes: Int
    var shown: String

    var summary: String {
        [counted(requests, "request"), counted(updates, "update"), counted(decodes, "decode"), shown]
            .joined(separator: ", ")
    }
}

// excerpt: quick-refreshes
/// Three refreshes in quick succession, the user renamed just before the last: every refresh
/// reaches the server, but `switchToLatest` cancels each load when the next begins, so the screen
/// is updated once, with the newest user.
func quickRefreshesShowOnlyTheLatest(in lab: Lab) async -> Finding<RefreshBurst> {
    let session = uncachedSession()
    let loader = RevalidatingUserLoader(session: session)
    let url = lab.url(Route.heldProfile, tag: "refreshes").appending(queryItems: [
        .init(name: "together", value: "3")
    ])
    let model = ProfileModel { loader.user(at: url) }
    for number in 1...3 {
        if number == 3 { await lab.renameProfile(tag: "refreshes") }
        model.refresh()
        // Each refresh waits for its request to reach the server: a load cancelled before its
        // connection opened might otherwise never be sent at all.
        _ = try? await lab.server.waitForRequest(number: number, path: Route.heldProfile)
    }
    // The server answers all three together, so the renamed user shows once the last exchange is
    // done; once no exchange is left, any load that was not cancelled would have been shown too.
    _ = await until { (try? model.result?.get().name) == ProfileResource.names.last }
    _ = await until { await tasks(of: session).isEmpty }
    return Finding(
        expected: RefreshBurst(requests: 3, updates: 1, decodes: 1, shown: "Augusta Ada King"),
        measured: RefreshBurst(
            requests: lab.requestCount(for: url), updates: model.updates, decodes: loader.decodes,
            shown: (try? model.result?.get().name) ?? "nothing"),
        describe: \.summary)
}
// end excerpt
