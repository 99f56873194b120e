import Combine
import Foundation
import TypedClient
import Workbook

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter's rules in the order the report lists them.
let statusRules = [
    Rule("a 404 arrives as a value, then finished", notFoundArrivesAsAValue),
    Rule("decoding an unchecked 404 blames the JSON", decodingWithoutValidationBlamesTheBody),
    Rule("a refused connection is a URLError", refusedConnectionFails),
    Rule("a dropped connection is a URLError (\(platformName))", droppedConnectionFails),
    Rule("no answer in time is a URLError", silentServerTimesOut),
]

// excerpt: status-codes
/// Each response's HTTP status code; the failure type stays `URLError`.
nonisolated func statusCodes(of publisher: URLSession.DataTaskPublisher) -> some Publisher<Int, URLError> {
    publisher.map { @Sendable exchange in (exchange.response as? HTTPURLResponse)?.statusCode ?? 0 }
}
// end excerpt

// excerpt: not-found-arrives-as-a-value
/// The server answered, so the transport succeeded: the 404 is delivered like any other response.
func notFoundArrivesAsAValue(in lab: Lab) async -> Finding<Result<[Int], URLError>> {
    let missing = lab.session.dataTaskPublisher(for: lab.url(Route.missingUser))
    let statuses = await outcome(of: statusCodes(of: missing), lane: "subscriber")
    return Finding(
        expected: .success([404]),
        measured: statuses, describe: { describe($0) })
}
// end excerpt

// excerpt: decoding-without-validation
/// Decoding the body of a 404 as a `User` fails, and the failure says decoding, not "no such user".
func decodingWithoutValidationBlamesTheBody(in lab: Lab) async -> Finding<Result<[User], any Error>> {
    let decoded = await outcome(
        of: lab.session.dataTaskPublisher(for: lab.url(Route.missingUser))
            .map(\.data)
            .decode(type: User.self, decoder: JSONDecoder()),
        lane: "subscriber")
    let blamesDecoding = if case .failure(let failure) = decoded { failure is DecodingError } else { false }
    return Finding(
        expected: "failed: a DecodingError",
        value: decoded, measured: describe(decoded), holds: blamesDecoding)
}
// end excerpt

// excerpt: transport-failures
/// A connection attempt to a port nobody listens on is refused before any HTTP happens.
func refusedConnectionFails(in lab: Lab) async -> Finding<URLError.Code?> {
    let refused = lab.session.dataTaskPublisher(for: closedLoopbackURL().appending(path: Route.user))
    return transportFinding(
        expected: .cannotConnectToHost,
        outcome: await outcome(of: statusCodes(of: refused), lane: "subscriber"))
}

/// The server accepts the connection and closes it without a word. The lab's second session has
/// no connection left open by earlier rules; on a reused one, URLSession quietly sends the GET a
/// second time on a new connection before it gives up.
func droppedConnectionFails(in lab: Lab) async -> Finding<URLError.Code?> {
    let dropped = lab.impatientSession.dataTaskPublisher(for: lab.url(Route.hangUp))
    return transportFinding(
        expected: droppedConnectionCode,
        outcome: await outcome(of: statusCodes(of: dropped), lane: "subscriber"))
}

/// The server accepts the connection and never answers; the session's one-second timeout ends the wait.
func silentServerTimesOut(in lab: Lab) async -> Finding<URLError.Code?> {
    let silent = lab.impatientSession.dataTaskPublisher(for: lab.url(Route.silence))
    return transportFinding(
        expected: .timedOut,
        outcome: await outcome(of: statusCodes(of: silent), lane: "subscriber"))
}
// end excerpt

// excerpt: dropped-connection-code
/// How URLSession reports a connection that closed before any response: Linux Foundation (libcurl
/// underneath) calls it a bad server response, Apple's URL loading system a lost connection.
#if os(Linux)
    let droppedConnectionCode = URLError.Code.badServerResponse
#else
    let droppedConnectionCode = URLError.Code.networkConnectionLost
#endif
// end excerpt

/// A finding about a request that should fail in transport: it holds when the outcome is a
/// `URLError` with `expected` as its code, and its value is the code seen (nil if none failed).
private func transportFinding(
    expected: URLError.Code, outcome: Result<[Int], URLError>
) -> Finding<URLError.Code?> {
    let code = if case .failure(let failure) = outcome { failure.code } else { URLError.Code?.none }
    return Finding(
        expected: "failed: URLError" + expected.caseName, value: code,
        measured: describe(outcome),
        holds: code == expected)
}
