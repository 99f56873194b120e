// excerpt: retry-policy
/// Which failed requests are worth sending again, and how long to wait before each retry.
///
/// Only trouble that may pass is retried: no response at all (`.transport`), a server error (5xx)
/// and "too many requests" (429). A 404 or a body that does not decode will be the same next time.
/// The first retry waits `initialDelay` and each later one twice as long as the one before, so a
/// struggling server gets room to recover; a `Retry-After` the server sent stretches the wait to at
/// least that long. A request whose method is not idempotent, such as `POST`, is never sent twice:
/// the first attempt may have taken effect even though its answer never arrived.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a request may be sent again after its first attempt.
    public var maximumRetries: Int
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// The longest wait the policy accepts; a server asking for more is not retried at all.
    public var maximumDelay: Duration

    /// Makes a policy; the defaults are the policy the exercises and their answers use (`RetryPolicy()`).
    public init(
        maximumRetries: Int = 3, initialDelay: Duration = .milliseconds(20),
        maximumDelay: Duration = .seconds(5)
    ) {
        self.maximumRetries = maximumRetries
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// How long to wait before retry number `retry` (1 for the first) of a `method` request that
    /// failed with `failure`, the server having asked for `retryAfter`; `nil` means give up.
    public func delay(
        beforeRetry retry: Int, of method: String, after failure: APIError, retryAfter: Duration?
    ) -> Duration? {
        guard retry <= maximumRetries, Self.isIdempotent(method), isWorthRetrying(failure) else { return nil }
        let wait = max(backoff(beforeRetry: retry), retryAfter ?? .zero)
        return wait <= maximumDelay ? wait : nil
    }

    /// The exponential part of the wait: `initialDelay` doubled once for every retry before this one.
    public func backoff(beforeRetry retry: Int) -> Duration {
        initialDelay * (1 << min(max(retry - 1, 0), 32))
    }

    /// Whether `failure` may go away when the same request is sent again.
    public func isWorthRetrying(_ failure: APIError) -> Bool {
        switch failure {
        case .transport: true
        case .status(let status): status == 429 || (500...599).contains(status)
        case .decoding: false
        }
    }

    /// Whether sending a `method` request twice does no more than sending it once (RFC 9110, 9.2.2).
    public static func isIdempotent(_ method: String) -> Bool {
        ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].contains(method.uppercased())
    }
}
// end excerpt
