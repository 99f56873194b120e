import Combine
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// excerpt: retrying-request
extension URLSession.DataTaskPublisher {
    /// `validatingStatus()`, with the request sent again under `policy` while it fails in a way worth
    /// retrying; the waits between attempts run on `scheduler`.
    ///
    /// The request's own method decides whether it may be sent twice.
    public func validatingStatus<S: Scheduler>(
        retrying policy: RetryPolicy, scheduler: S
    ) -> AnyPublisher<Data, APIError> {
        validatingStatus(retrying: policy, method: request.httpMethod ?? "GET", scheduler: scheduler)
    }
}
// end excerpt

// excerpt: retrying
extension Publisher where Output == (data: Data, response: URLResponse), Failure == URLError {
    /// Passes on the body of a 2xx response; after a failure, asks `policy` whether and when to
    /// try again, and subscribes to this publisher again after that wait, which, for a data task
    /// publisher, sends the request again. `method` is the request's HTTP method.
    ///
    /// The retry sits after the status check, so it sees a 503 as the failure it is, and it is
    /// built from `catch`, `delay` and `flatMap`, so the failure type stays `APIError`. The waits run
    /// on `scheduler`: a dispatch queue in an app, a virtual clock in a test.
    public func validatingStatus<S: Scheduler>(
        retrying policy: RetryPolicy, method: String, scheduler: S
    ) -> AnyPublisher<Data, APIError> {
        attempt(afterRetries: 0, policy: policy, method: method, scheduler: scheduler)
    }

    private func attempt<S: Scheduler>(
        afterRetries retries: Int, policy: RetryPolicy, method: String, scheduler: S
    ) -> AnyPublisher<Data, APIError> {
        mapError { failure in Refusal(failure: .transport(failure.code)) }
            .flatMap { exchange -> AnyPublisher<Data, Refusal> in
                let status = exchange.response.httpStatus ?? 0
                if 200...299 ~= status {
                    return Just(exchange.data).setFailureType(to: Refusal.self).eraseToAnyPublisher()
                }
                let refusal = Refusal(failure: .status(status), retryAfter: exchange.response.retryAfter)
                return Fail(error: refusal).eraseToAnyPublisher()
            }
            .catch { refusal -> AnyPublisher<Data, APIError> in
                guard
                    let wait = policy.delay(
                        beforeRetry: retries + 1, of: method, after: refusal.failure,
                        retryAfter: refusal.retryAfter)
                else { return Fail(error: refusal.failure).eraseToAnyPublisher() }
                return Just(())
                    .delay(for: .nanoseconds(wait.nanosecondCount), scheduler: scheduler)
                    .setFailureType(to: APIError.self)
                    .flatMap { _ in
                        attempt(
                            afterRetries: retries + 1, policy: policy, method: method, scheduler: scheduler)
                    }
                    .eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
    }
}

/// A failed attempt as the retry decision needs it: the failure, and the wait the server asked for.
private struct Refusal: Error {
    var failure: APIError
    var retryAfter: Duration? = nil
}
// end excerpt

extension URLResponse {
    /// The wait a 429 or 503 response asks for in a `Retry-After` header given in seconds; `nil` for
    /// any other response, no header, or the header's date form, which this client does not read.
    public var retryAfter: Duration? {
        guard let response = self as? HTTPURLResponse, [429, 503].contains(response.statusCode),
            let value = response.value(forHTTPHeaderField: "Retry-After"),
            let seconds = Int(value.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return nil }
        return .seconds(seconds)
    }
}

extension Duration {
    /// The duration in whole nanoseconds, the unit every scheduler's stride can be made from.
    fileprivate var nanosecondCount: Int {
        Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000)
    }
}
