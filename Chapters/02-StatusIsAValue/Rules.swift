import Combine
import Foundation
import Harness
import LoopbackLab
import Quantities
import TypedClient
import URLErrorNames

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter's Combine rules in the order the report lists them; their async/await twins
/// (`awaitedStatusRules`) follow them.
let statusRules = [
    Rule("a 404 arrives as a value, then finished", notFoundArrivesAsAValue),
    Rule.demonstration("decoding an unchecked 404 blames the JSON", decodingWithoutValidationBlamesTheBody),
    Rule("a followed redirect shows only the last answer", followedRedirectShowsTheLastAnswer),
    Rule("a 302 without Location arrives as a value", redirectWithoutLocationArrivesAsAValue),
    Rule("a refused connection is a URLError", refusedConnectionFails),
    Rule("https to a plain-HTTP port is a URLError (\(platformName))", tlsHandshakeFails),
    Rule("a dropped connection is a URLError (\(platformName))", droppedConnectionFails),
    Rule("a body cut short is a URLError (\(platformName))", cutShortBodyFails),
    Rule("endless redirects are a URLError", endlessRedirectsFail),
    Rule("no answer in time is a URLError", silentServerTimesOut),
    Rule("a request's own timeout, set two ways (\(platformName))", requestTimeoutsAgainstASilentServer),
]

// excerpt: status-codes
/// The HTTP status code of each response from `url`; the failure type stays `URLError`.
nonisolated func statusCodes(from url: URL, session: URLSession) -> some Publisher<Int, URLError> {
    session.dataTaskPublisher(for: url)
        .map { @Sendable exchange in (exchange.response as? HTTPURLResponse)?.statusCode ?? 0 }
}
// end excerpt

// excerpt: unchecked-user
/// The user at `url`, decoded straight from the body, whatever the status said.
nonisolated func uncheckedUser(
    from url: URL, session: URLSession, decoder: JSONDecoder = JSONDecoder()
) -> some Publisher<User, any Error> {
    session.dataTaskPublisher(for: url)
        .map(\.data)
        .decode(type: User.self, decoder: decoder)
}
// end excerpt

/// `uncheckedUser(from:session:decoder:)` as its code writes it.
let uncheckedUserStages: [WrittenStage] = [
    "dataTaskPublisher(for: url)", "map(\\.data)", "decode(type: User.self, decoder: decoder)",
]

// excerpt: not-found-arrives-as-a-value
/// The server answered, so the transport succeeded: the 404 is delivered like any other response.
func notFoundArrivesAsAValue(in lab: Lab) async -> Finding<Result<[Int], URLError>> {
    let statuses = await outcome(
        of: statusCodes(from: lab.url(Route.missingUser), session: lab.session), lane: "subscriber")
    return Finding(
        expected: .success([404]),
        measured: statuses, describe: { describe($0) })
}
// end excerpt

// excerpt: decoding-without-validation
/// Decoding the body of a 404 as a `User` fails, and the failure says decoding, not "no such user".
func decodingWithoutValidationBlamesTheBody(in lab: Lab) async -> Finding<Result<[User], any Error>> {
    let decoded = await outcome(
        of: uncheckedUser(from: lab.url(Route.missingUser), session: lab.session), stages: uncheckedUserStages
    )
    let blamesDecoding = if case .failure(let failure) = decoded { failure is DecodingError } else { false }
    return Finding(
        expected: "failed: a DecodingError",
        value: decoded, measured: describe(decoded), holds: blamesDecoding)
}
// end excerpt

/// What a request that the server answered more than once came to: the subscriber's outcome, and
/// how many requests the server received for it.
struct Answered: Equatable, Sendable {
    var outcome: Result<[Int], URLError>
    var requests: Int

    var summary: String { describe(outcome) + ", " + counted(requests, "request") + " answered" }
}

// excerpt: followed-redirect
/// The server answers 301, URLSession follows it to `/users/1` by itself, and the subscriber sees
/// only the 200 at the end: the redirect is never a value.
func followedRedirectShowsTheLastAnswer(in lab: Lab) async -> Finding<Answered> {
    let statuses = await outcome(
        of: statusCodes(from: lab.url(Route.movedUser), session: lab.session), lane: "subscriber")
    let requests =
        lab.requestCount(for: lab.url(Route.movedUser)) + lab.requestCount(for: lab.url(Route.user))
    return Finding(
        expected: Answered(outcome: .success([200]), requests: 2),
        measured: Answered(outcome: statuses, requests: requests), describe: \.summary)
}
// end excerpt

// excerpt: transport-failures
/// A connection attempt to a port nobody listens on is refused before any HTTP happens.
func refusedConnectionFails(in lab: Lab) async -> Finding<URLError.Code?> {
    let refused = statusCodes(from: closedLoopbackURL().appending(path: Route.user), session: lab.session)
    return transportFinding(
        expected: .cannotConnectToHost,
        outcome: await outcome(of: refused, lane: "subscriber"))
}

/// An `https` request to a port that speaks plain HTTP: the TLS handshake fails before any HTTP is
/// exchanged, so no response arrives, and the publisher fails instead of delivering one.
func tlsHandshakeFails(in lab: Lab) async -> Finding<URLError.Code?> {
    guard let plain = PlainHTTPPort() else {
        return Finding(
            expected: "failed: URLError" + tlsFailureCode.caseName, value: nil,
            measured: "could not listen on a loopback port", holds: false)
    }
    defer { plain.stop() }
    let url = URL(string: "https://127.0.0.1:\(plain.port)\(Route.user)")!
    return transportFinding(
        expected: tlsFailureCode,
        outcome: await outcome(of: statusCodes(from: url, session: lab.session), lane: "subscriber"))
}

/// The server accepts the connection and closes it without a word. The lab's second session has
/// no connection left open by earlier rules; on a reused one, URLSession quietly sends the GET a
/// second time on a new connection before it gives up.
func droppedConnectionFails(in lab: Lab) async -> Finding<URLError.Code?> {
    let dropped = statusCodes(from: lab.url(Route.hangUp), session: lab.impatientSession)
    return transportFinding(
        expected: droppedConnectionCode,
        outcome: await outcome(of: dropped, lane: "subscriber"))
}

/// The server sends a 200 and its headers, then closes the connection ten bytes into the body:
/// a response arrived, and still the publisher fails instead of delivering it.
func cutShortBodyFails(in lab: Lab) async -> Finding<URLError.Code?> {
    let cutShort = statusCodes(from: lab.url(Route.cutShort), session: lab.session)
    return transportFinding(
        expected: cutShortBodyCode,
        outcome: await outcome(of: cutShort, lane: "subscriber"))
}

/// The server accepts the connection and never answers; the session's one-second timeout ends the wait.
func silentServerTimesOut(in lab: Lab) async -> Finding<URLError.Code?> {
    let silent = statusCodes(from: lab.url(Route.silence), session: lab.impatientSession)
    return transportFinding(
        expected: .timedOut,
        outcome: await outcome(of: silent, lane: "subscriber"))
}
// end excerpt

// excerpt: endless-redirects
/// Every request is answered, each time with a redirect back to the same place; URLSession stops
/// following at its limit and fails, although the server never missed an answer.
func endlessRedirectsFail(in lab: Lab) async -> Finding<Answered> {
    let url = lab.url(Route.redirectLoop)
    let statuses = await outcome(of: statusCodes(from: url, session: lab.session), lane: "subscriber")
    let answered = Answered(outcome: statuses, requests: lab.requestCount(for: url))
    let code = if case .failure(let failure) = statuses { failure.code } else { URLError.Code?.none }
    let unanswered = lab.server.abandonedRequests.count(where: { $0.request.path == Route.redirectLoop })
    return Finding(
        expected: "failed: URLError.httpTooManyRedirects, every request answered",
        value: answered,
        measured: describe(statuses)
            + (unanswered == 0 ? ", every request answered" : ", \(unanswered) unanswered"),
        holds: code == .httpTooManyRedirects && answered.requests > 1 && unanswered == 0)
}
// end excerpt

// excerpt: dropped-connection-code
/// How URLSession reports a connection that closed before any response, and one that closed in
/// the middle of the body: Linux Foundation (libcurl underneath) calls the first a bad server
/// response and gives the second no name at all (measured); Apple's URL loading system is expected
/// to call both a lost connection (on Apple platforms, not measured here).
#if os(Linux)
    let droppedConnectionCode = URLError.Code.badServerResponse
    let cutShortBodyCode = URLError.Code.unknown
#else
    let droppedConnectionCode = URLError.Code.networkConnectionLost
    let cutShortBodyCode = URLError.Code.networkConnectionLost
#endif
// end excerpt

// excerpt: tls-failure-code
/// How URLSession reports a TLS handshake that failed because the server answered in plain HTTP:
/// Linux Foundation gives it no name of its own, `.unknown` (measured; libcurl's SSL connect
/// error); Apple's URL loading system is expected to call it a failed secure connection, as its
/// documentation describes `.secureConnectionFailed` (on Apple platforms, not measured here).
#if os(Linux)
    let tlsFailureCode = URLError.Code.unknown
#else
    let tlsFailureCode = URLError.Code.secureConnectionFailed
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
