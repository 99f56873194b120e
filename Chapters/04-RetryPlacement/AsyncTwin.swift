import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The chapter's retries as a careful reader writes them with async/await: a loop around
// `URLSession.data(for:)`, with nothing of the Combine versions inside. Where the loop's `do`
// block ends decides what it retries, as the place of `retry` did; the policy is the chapter's
// `RetryPolicy`, and the waits are slept on a clock the caller hands in.

// excerpt: awaited-loop-around-the-transport
/// The status code of `url`, the request sent again, up to `retries` more times, while
/// `data(for:)` throws. Only the request is inside the `do` block, and a 503 is an answer, not a
/// throw, so it is returned.
nonisolated func awaitedStatus(from url: URL, session: URLSession, retries: Int = 2) async throws -> Int {
    var retriesLeft = retries
    while true {
        do {
            let (_, response) = try await session.data(for: URLRequest(url: url))
            return response.httpStatus ?? 0
        } catch {
            guard retriesLeft > 0 else { throw error }
            retriesLeft -= 1
        }
    }
}
// end excerpt

// excerpt: awaited-loop-around-everything
/// The user at `request`, the whole load (request, status check, decoding) tried again at once,
/// up to `retries` more times, whenever it throws: a 503, a 404 and a body that does not decode
/// alike.
nonisolated func awaitedUserRetryingEverything(
    for request: URLRequest, session: URLSession, retries: Int = 2
) async throws(APIError) -> User {
    var retriesLeft = retries
    while true {
        do {
            return try await loadedUser(for: request, session: session)
        } catch {
            guard retriesLeft > 0 else { throw error }
            retriesLeft -= 1
        }
    }
}

/// One load of the user at `request`: one attempt, then decoding.
nonisolated func loadedUser(for request: URLRequest, session: URLSession) async throws(APIError) -> User {
    let body: Data
    do {
        body = try await attempt(request, session: session)
    } catch {
        throw error.failure
    }
    do {
        return try JSONDecoder().decode(User.self, from: body)
    } catch {
        throw .decoding
    }
}
// end excerpt

// excerpt: awaited-attempt
/// Why one attempt brought no usable body: the failure, and the wait a `Retry-After` asked for.
struct Refusal: Error {
    var failure: APIError
    var retryAfter: Duration? = nil
}

/// Sends `request` once: the body of a 2xx response, or the refusal.
nonisolated func attempt(_ request: URLRequest, session: URLSession) async throws(Refusal) -> Data {
    let answer: (body: Data, response: URLResponse)
    do {
        answer = try await session.data(for: request)
    } catch {
        throw Refusal(failure: .transport((error as? URLError)?.code ?? .unknown))
    }
    let status = answer.response.httpStatus ?? 0
    guard 200...299 ~= status else {
        throw Refusal(failure: .status(status), retryAfter: answer.response.retryAfter)
    }
    return answer.body
}
// end excerpt

// excerpt: awaited-policy
/// The body of `request`, sent again under `policy` while it fails in a way worth retrying; the
/// waits are slept on `clock`, a `ContinuousClock` in an app.
///
/// Declared with a plain `throws`, because two kinds of error leave it: the last `APIError` when
/// the policy gives up, and the `CancellationError` that `clock.sleep` throws when the task is
/// cancelled during a wait.
nonisolated func awaitedBody(
    for request: URLRequest, session: URLSession, policy: RetryPolicy, clock: some Clock<Duration>
) async throws -> Data {
    let method = request.httpMethod ?? "GET"
    var retries = 0
    while true {
        do {
            return try await attempt(request, session: session)
        } catch {
            retries += 1
            guard
                let wait = policy.delay(
                    beforeRetry: retries, of: method, after: error.failure, retryAfter: error.retryAfter)
            else { throw error.failure }
            try await clock.sleep(for: wait)
        }
    }
}

/// The name of the user at `request`, the request sent again under the chapter's `policy`.
nonisolated func awaitedUserName(
    from request: URLRequest, session: URLSession, clock: some Clock<Duration> = ContinuousClock()
) async throws -> String {
    let body = try await awaitedBody(for: request, session: session, policy: policy, clock: clock)
    do {
        return try JSONDecoder().decode(User.self, from: body).name
    } catch {
        throw APIError.decoding
    }
}
// end excerpt
