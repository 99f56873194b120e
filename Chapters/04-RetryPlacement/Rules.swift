import Combine
import Foundation
import Harness
import LoopbackLab
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter's rules in the order the report lists them.
let retryRules = [
    Rule.demonstration("retry(2) before validation never sees a 503", retryBeforeValidationNeverFires),
    Rule("retry(2) after validation resends at once", retryAfterValidationResendsAtOnce),
    Rule.demonstration("that retry resends a 404 just as eagerly", retryAfterValidationResendsA404),
    Rule("the policy recovers, waiting longer each time", policyRecoversWaitingLongerEachTime),
    Rule("the policy gives up after three retries", policyGivesUpAfterItsRetries),
    Rule("the policy retries a dropped connection (\(platformName))", policyRetriesADroppedConnection),
    Rule("the policy waits as long as Retry-After asks", policyWaitsForRetryAfter),
    Rule("the policy sends a 404 once", policySendsA404Once),
    Rule("the policy never resends a POST", policyNeverResendsAPost),
]

// excerpt: retry-placement
/// `retry(2)` straight after the request: a 503 arrives as a value, so there is no failure to retry.
func retryBeforeValidationNeverFires(in lab: Lab) async -> Finding<RetriedRequest<Int, URLError>> {
    let url = lab.url(Route.busy, tag: "retry-before-validation")
    // excerpt: retry-before-validation
    let statuses = lab.session.dataTaskPublisher(for: url)
        .map { exchange in exchange.response.httpStatus ?? 0 }
        .retry(2)
    // end excerpt
    let measured = await retried(
        statuses, sentTo: url, in: lab, stages: ["dataTaskPublisher(for: url)", "map(_:)", "retry(2)"])
    return retryFinding(measured, expected: .success([503]), requests: 1)
}

/// `retry(2)` after `validatingStatus()`: the 503 is now a failure, and the request goes out
/// twice more, the moment each failure arrives.
func retryAfterValidationResendsAtOnce(in lab: Lab) async -> Finding<RetriedRequest<Data, APIError>> {
    let url = lab.url(Route.busy, tag: "retry-after-validation")
    // excerpt: retry-after-validation
    let bodies = lab.session.dataTaskPublisher(for: url)
        .validatingStatus()
        .retry(2)
    // end excerpt
    let measured = await retried(bodies, sentTo: url, in: lab, stages: validatedRetryStages)
    return retryFinding(measured, expected: .failure(.status(503)), requests: 3)
}

/// The same placement cannot tell a failure that may pass from one that will not.
func retryAfterValidationResendsA404(in lab: Lab) async -> Finding<RetriedRequest<Data, APIError>> {
    let url = lab.url(Route.missingUser, tag: "retry-after-validation")
    let bodies = lab.session.dataTaskPublisher(for: url)
        .validatingStatus()
        .retry(2)
    let measured = await retried(bodies, sentTo: url, in: lab, stages: validatedRetryStages)
    return retryFinding(measured, expected: .failure(.status(404)), requests: 3)
}
// end excerpt

/// The chain `retry(2)` after `validatingStatus()` as its code writes it: the helper returns an
/// `AnyPublisher`, its `mapError` and `flatMap` inside it.
let validatedRetryStages: [WrittenStage] = [
    "dataTaskPublisher(for: url)", WrittenStage("validatingStatus()", returns: "AnyPublisher"), "retry(2)",
]

// excerpt: chapter-policy
/// The policy the chapter measures: up to three retries, 20 ms before the first, doubling.
let policy = RetryPolicy(maximumRetries: 3, initialDelay: .milliseconds(20), maximumDelay: .seconds(2))

/// Where the waits between attempts run in this program; a test hands the policy a virtual clock.
let backoffQueue = DispatchQueue(label: "retry-backoff")

/// The name of the user at `url`, the request sent again under `policy` while that may help.
nonisolated func userName(from request: URLRequest, session: URLSession) -> AnyPublisher<String, APIError> {
    session.dataTaskPublisher(for: request)
        .validatingStatus(retrying: policy, scheduler: backoffQueue)
        .decoding(User.self)
        .map(\.name)
        .eraseToAnyPublisher()
}
// end excerpt

/// The waits `policy` is designed to make before its first `count` retries.
func designedWaits(_ count: Int) -> [Duration] {
    (1...count).map(policy.backoff(beforeRetry:))
}

// excerpt: policy-recovers
/// Three 503s, then a 200: the policy tries four times, and the server sees the gaps grow.
func policyRecoversWaitingLongerEachTime(in lab: Lab) async -> Finding<RetriedRequest<String, APIError>> {
    let url = lab.url(Route.flaky, tag: "policy-recovers").appending(queryItems: Route.flaky(failing: 3))
    let loading = userName(from: URLRequest(url: url), session: lab.session)
    let measured = await retried(loading, sentTo: url, in: lab, scheduled: designedWaits(3))
    return retryFinding(measured, expected: .success(["Ada Lovelace"]), requests: 4, waits: designedWaits(3))
}

/// A server that never recovers gets the first attempt and three retries, no more.
func policyGivesUpAfterItsRetries(in lab: Lab) async -> Finding<RetriedRequest<String, APIError>> {
    let url = lab.url(Route.busy, tag: "policy-gives-up")
    let loading = userName(from: URLRequest(url: url), session: lab.session)
    let measured = await retried(loading, sentTo: url, in: lab, scheduled: designedWaits(3))
    return retryFinding(measured, expected: .failure(.status(503)), requests: 4, waits: designedWaits(3))
}
// end excerpt

/// A connection closed without an answer is a transport failure, which the policy retries.
///
/// It uses a session of its own with no connection open: a dropped connection that had been
/// reused makes URLSession resend the request once by itself, which would blur the count.
func policyRetriesADroppedConnection(in lab: Lab) async -> Finding<RetriedRequest<String, APIError>> {
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let url = lab.url(Route.hangUp, tag: "policy-dropped")
    let loading = userName(from: URLRequest(url: url), session: session)
    let measured = await retried(loading, sentTo: url, in: lab, scheduled: designedWaits(3))
    return retryFinding(
        measured, expected: .failure(.transport(droppedConnectionCode)), requests: 4, waits: designedWaits(3))
}

/// How URLSession reports a connection closed before any response: a bad server response on
/// Linux (libcurl underneath), a lost connection on Apple platforms.
#if os(Linux)
    let droppedConnectionCode = URLError.Code.badServerResponse
#else
    let droppedConnectionCode = URLError.Code.networkConnectionLost
#endif

// excerpt: policy-refuses
/// A 429 that says `Retry-After: 1`: the policy waits the second the server asked for, not 20 ms.
func policyWaitsForRetryAfter(in lab: Lab) async -> Finding<RetriedRequest<String, APIError>> {
    let url = lab.url(Route.flaky, tag: "policy-retry-after")
        .appending(queryItems: Route.flaky(failing: 1, status: 429, retryAfter: 1))
    let loading = userName(from: URLRequest(url: url), session: lab.session)
    let measured = await retried(loading, sentTo: url, in: lab, scheduled: [.seconds(1)])
    return retryFinding(measured, expected: .success(["Ada Lovelace"]), requests: 2, waits: [.seconds(1)])
}

/// A missing user stays missing: one request, and the 404 reaches the subscriber at once.
func policySendsA404Once(in lab: Lab) async -> Finding<RetriedRequest<String, APIError>> {
    let url = lab.url(Route.missingUser, tag: "policy-404")
    let loading = userName(from: URLRequest(url: url), session: lab.session)
    let measured = await retried(loading, sentTo: url, in: lab)
    return retryFinding(measured, expected: .failure(.status(404)), requests: 1)
}

/// A `POST` that failed with a 503 is not sent again, though a second try would have succeeded:
/// the server may have acted on the first.
func policyNeverResendsAPost(in lab: Lab) async -> Finding<RetriedRequest<String, APIError>> {
    let url = lab.url(Route.flaky, tag: "policy-post").appending(queryItems: Route.flaky(failing: 1))
    var order = URLRequest(url: url)
    order.httpMethod = "POST"
    order.httpBody = Data(#"{"item": "tea"}"#.utf8)
    let measured = await retried(userName(from: order, session: lab.session), sentTo: url, in: lab)
    return retryFinding(measured, expected: .failure(.status(503)), requests: 1)
}
// end excerpt
