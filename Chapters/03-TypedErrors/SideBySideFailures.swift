import Combine
import Foundation
import Harness
import LoopbackLab
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What each version's subscriber was handed for the same three failures, in the order a missing
/// user, a malformed body, a refused connection.
struct SideBySideFailures: Equatable, Sendable {
    var typed: [String]
    var withTryMap: [String]

    var summary: String {
        "typed: " + typed.joined(separator: ", ") + "; tryMap: " + withTryMap.joined(separator: ", ")
    }
}

// excerpt: side-by-side-failures
/// The same three failures through `fetch` and through `fetchUserWithTryMap`: the typed version
/// hands over an `APIError` each time; the `tryMap` version only for the status it threw itself,
/// and passes the decoder's and URLSession's own errors on untouched.
func tryMapPassesOtherFailuresOnRaw(in lab: Lab) async -> Finding<SideBySideFailures> {
    let failures = [
        ("404", lab.url(Route.missingUser)), ("malformed", lab.url(Route.broken)),
        ("refused", closedLoopbackURL().appending(path: Route.user)),
    ]
    var seen = SideBySideFailures(typed: [], withTryMap: [])
    for (failure, url) in failures {
        let typed = await outcome(
            of: fetch(User.self, from: url, session: lab.session), lane: "typed, \(failure)")
        let untyped = await outcome(
            of: fetchUserWithTryMap(from: url, session: lab.session), lane: "tryMap, \(failure)")
        seen.typed.append(failureName(typed))
        seen.withTryMap.append(failureName(untyped))
    }
    return Finding(
        expected: SideBySideFailures(
            typed: ["APIError.status(404)", "APIError.decoding", "APIError.transport(.cannotConnectToHost)"],
            withTryMap: [
                "APIError.status(404)", "DecodingError.dataCorrupted", "URLError.cannotConnectToHost",
            ]),
        measured: seen, describe: \.summary)
}
// end excerpt

/// The failure's type and case, `APIError` named as the others are; `no failure` when it finished.
private func failureName<Failure>(_ outcome: Result<[User], Failure>) -> String {
    guard case .failure(let failure) = outcome else { return "no failure" }
    return failure is APIError ? "APIError\(failure)" : describe(failure: failure)
}
