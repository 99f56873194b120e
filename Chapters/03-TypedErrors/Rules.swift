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
let typedErrorRules = [
    Rule("user 1 arrives decoded", userArrivesDecoded),
    Rule("a missing user fails with its status", missingUserFailsWithStatus),
    Rule("an overloaded server fails with its status", busyServerFailsWithStatus),
    Rule("a malformed body fails with .decoding", malformedBodyFailsWithDecoding),
    Rule("a refused connection fails with .transport", refusedConnectionFailsWithTransport),
    Rule("a timeout fails with .transport", timeoutFailsWithTransport),
    Rule.demonstration("with tryMap the failure type is any Error", tryMapErasesTheFailureType),
    Rule("tryMap passes decoding and transport errors on raw", tryMapPassesOtherFailuresOnRaw),
]

// excerpt: typed-outcomes
/// A 200 with a user's JSON is the one way to get a value out of `fetchUser`.
func userArrivesDecoded(in lab: Lab) async -> Finding<Result<[User], APIError>> {
    let loaded = await outcome(
        of: fetchUser(id: 1, session: lab.session, baseURL: lab.server.baseURL), lane: "subscriber")
    return typedFinding(
        expected: .success([User(id: 1, name: "Ada Lovelace")]), measured: loaded)
}

/// `validatingStatus()` turns a 404 into a failure that still says which status it was.
func missingUserFailsWithStatus(in lab: Lab) async -> Finding<Result<[User], APIError>> {
    let loaded = await outcome(
        of: fetchUser(id: 2, session: lab.session, baseURL: lab.server.baseURL), lane: "subscriber")
    return typedFinding(
        expected: .failure(.status(404)), measured: loaded)
}

/// A server error is a status failure too, so a caller can choose to retry it.
func busyServerFailsWithStatus(in lab: Lab) async -> Finding<Result<[User], APIError>> {
    let loaded = await outcome(
        of: fetch(User.self, from: lab.url(Route.busy), session: lab.session), lane: "subscriber")
    return typedFinding(
        expected: .failure(.status(503)), measured: loaded)
}

/// A 200 whose body is not a user is the one case `.decoding` stands for.
func malformedBodyFailsWithDecoding(in lab: Lab) async -> Finding<Result<[User], APIError>> {
    let loaded = await outcome(
        of: fetch(User.self, from: lab.url(Route.broken), session: lab.session), lane: "subscriber")
    return typedFinding(
        expected: .failure(.decoding), measured: loaded)
}

/// No response at all keeps the `URLError`'s code inside `.transport`.
func refusedConnectionFailsWithTransport(in lab: Lab) async -> Finding<Result<[User], APIError>> {
    let loaded = await outcome(
        of: fetchUser(id: 1, session: lab.session, baseURL: closedLoopbackURL()), lane: "subscriber")
    return typedFinding(
        expected: .failure(.transport(.cannotConnectToHost)),
        measured: loaded)
}
// end excerpt

/// What a request that timed out came to: the typed client's outcome, and how many requests the
/// server had received for it by then.
struct TimedOutLoad: Equatable, Sendable {
    var outcome: Result<[User], APIError>
    var requestsAtServer: Int

    var summary: String { describe(outcome) + ", " + counted(requestsAtServer, "request") + " at the server" }
}

// excerpt: timeout-reached-the-server
/// A timeout is not proof that nothing was reached: this server accepted the connection and read
/// the request, then never answered, and the session gave up after its one second.
func timeoutFailsWithTransport(in lab: Lab) async -> Finding<TimedOutLoad> {
    let url = lab.url(Route.silence, tag: "typed")
    let loaded = await outcome(
        of: fetch(User.self, from: url, session: lab.impatientSession), lane: "subscriber")
    // The server notes a request on its own thread, which a loaded machine may run late.
    _ = await until(timeout: .seconds(5)) { lab.requestCount(for: url) >= 1 }
    return Finding(
        expected: TimedOutLoad(outcome: .failure(.transport(.timedOut)), requestsAtServer: 1),
        measured: TimedOutLoad(outcome: loaded, requestsAtServer: lab.requestCount(for: url)),
        describe: \.summary)
}
// end excerpt

/// What the `tryMap` version's callers are left with: the static failure type they must handle,
/// and the `APIError` they get back only by casting.
struct ErasedFailure: Equatable, Sendable {
    var failureType: String
    var recoveredByCast: APIError?
}

// excerpt: try-map-erases-the-failure-type
/// The `tryMap` pipeline fails with `any Error`, so the compiler no longer knows what can go wrong
/// and every caller has to cast to find the `APIError` again.
func tryMapErasesTheFailureType(in lab: Lab) async -> Finding<ErasedFailure> {
    let untyped = fetchUserWithTryMap(from: lab.url(Route.missingUser), session: lab.session)
    let loaded = await outcome(of: untyped, lane: "subscriber")
    let recovered = if case .failure(let failure) = loaded { failure as? APIError } else { APIError?.none }
    Timeline.current?.record(
        .note, lane: "subscriber", detail: "failure as? APIError: \(recovered.map(\.description) ?? "nil")")
    Timeline.current?.caption(
        "The subscriber's Failure is \(failureTypeName(of: untyped)), not APIError: the 404 fails "
            + "as in the typed client, and the caller gets its APIError back only by the cast drawn last.")
    return Finding(
        expected: ErasedFailure(failureType: "any Error", recoveredByCast: .status(404)),
        measured: ErasedFailure(failureType: failureTypeName(of: untyped), recoveredByCast: recovered),
        describe: {
            "Failure == \($0.failureType), cast gives \($0.recoveredByCast.map(\.description) ?? "nil")"
        })
}
// end excerpt

/// The name of a publisher's failure type as Swift spells it in source, `any` included.
func failureTypeName<P: Publisher>(of publisher: P) -> String {
    P.Failure.self == (any Error).self ? "any Error" : String(describing: P.Failure.self)
}

/// A finding comparing an outcome of the typed client with the expected one.
private func typedFinding(
    expected: Result<[User], APIError>, measured: Result<[User], APIError>
) -> Finding<Result<[User], APIError>> {
    Finding(expected: expected, measured: measured, describe: { describe($0) })
}
