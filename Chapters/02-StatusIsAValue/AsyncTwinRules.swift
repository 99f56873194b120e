import Foundation
import Harness
import LoopbackLab
import Timelines
import TypedClient
import URLErrorNames

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The async/await twins of the chapter's rules, in the order the report lists them, after the
/// Combine rows: the same lab, the same routes, the same sessions.
let awaitedStatusRules = [
    Rule("await: a 404 is returned, nothing thrown", awaitedNotFoundIsReturned),
    Rule.demonstration("await: decoding an unchecked 404 blames the JSON", awaitedDecodingBlamesTheBody),
    Rule("await: a refused connection throws a URLError", awaitedRefusedConnectionThrows),
    Rule("await: a dropped connection throws a URLError (\(platformName))", awaitedDroppedConnectionThrows),
    Rule("await: no answer in time throws a URLError", awaitedSilentServerThrows),
]

// excerpt: awaited-not-found
/// The server answered, so `data(for:)` returns: the 404 comes back as a value, and no error is
/// thrown, as the publisher delivered it and finished.
func awaitedNotFoundIsReturned(in lab: Lab) async -> Finding<Result<Int, any Error>> {
    let status = await awaitedOnTheTimeline {
        try await awaitedStatusCode(from: lab.url(Route.missingUser), session: lab.session)
    }
    let returned404 = if case .success(404) = status { true } else { false }
    return Finding(
        expected: "returned 404, threw nothing", value: status, measured: describe(awaited: status),
        holds: returned404)
}
// end excerpt

// excerpt: awaited-decoding-without-validation
/// Decoding the 404's body as a `User` throws, and what it throws is about the JSON, not the
/// missing user: the same `DecodingError` the Combine chain failed with.
func awaitedDecodingBlamesTheBody(in lab: Lab) async -> Finding<Result<User, any Error>> {
    let user = await awaitedOnTheTimeline {
        try await awaitedUncheckedUser(from: lab.url(Route.missingUser), session: lab.session)
    }
    let blamesDecoding = if case .failure(let failure) = user { failure is DecodingError } else { false }
    return Finding(
        expected: "threw a DecodingError", value: user, measured: describe(awaited: user),
        holds: blamesDecoding)
}
// end excerpt

// excerpt: awaited-transport-failures
/// Nobody listens on the port: the connection is refused, and `data(for:)` throws.
func awaitedRefusedConnectionThrows(in lab: Lab) async -> Finding<URLError.Code?> {
    let url = closedLoopbackURL().appending(path: Route.user)
    let status = await awaitedOnTheTimeline { try await awaitedStatusCode(from: url, session: lab.session) }
    return thrownTransportFinding(expected: .cannotConnectToHost, outcome: status)
}

/// The server closes the connection without a word, on the session the Combine row used.
func awaitedDroppedConnectionThrows(in lab: Lab) async -> Finding<URLError.Code?> {
    let status = await awaitedOnTheTimeline {
        try await awaitedStatusCode(from: lab.url(Route.hangUp), session: lab.impatientSession)
    }
    return thrownTransportFinding(expected: droppedConnectionCode, outcome: status)
}

/// The server never answers; the impatient session's one second ends the wait with a throw.
func awaitedSilentServerThrows(in lab: Lab) async -> Finding<URLError.Code?> {
    let status = await awaitedOnTheTimeline {
        try await awaitedStatusCode(from: lab.url(Route.silence), session: lab.impatientSession)
    }
    return thrownTransportFinding(expected: .timedOut, outcome: status)
}
// end excerpt

/// A finding about an awaited call that should throw in transport: it holds when the call threw a
/// `URLError` with `expected` as its code, and its value is the code thrown (nil when the call
/// returned, or threw something that is not a `URLError`).
private func thrownTransportFinding(
    expected: URLError.Code, outcome: Result<Int, any Error>
) -> Finding<URLError.Code?> {
    let code =
        if case .failure(let failure) = outcome { (failure as? URLError)?.code } else { URLError.Code?.none }
    return Finding(
        expected: "threw URLError" + expected.caseName, value: code, measured: describe(awaited: outcome),
        holds: code == expected)
}
