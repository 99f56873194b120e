import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import Harness
import TimeControl
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an answer to exercise 4 knows when an attempt has failed.
struct FailedAttempt {
    let failure: APIError
    let method: String
    /// How many retries came before this failure.
    let retries: Int
    /// How long ago, on the scheduler's clock, the first attempt began.
    let elapsed: Duration
    let budget: RetryBudget
}

/// The shape most answers to exercise 4 share: send, and after a failure wait as long as
/// `waitBeforeRetry` says on `scheduler` and send again, or give up with the failure when it says nil.
func retrying(
    _ request: URLRequest, _ session: URLSession, _ budget: RetryBudget, _ scheduler: VirtualTimeScheduler,
    waitBeforeRetry: @escaping @Sendable (FailedAttempt) -> Duration?
) -> AnyPublisher<Data, APIError> {
    let start = scheduler.now
    @Sendable func attempt(_ retries: Int) -> AnyPublisher<Data, APIError> {
        session.dataTaskPublisher(for: request)
            .validatingStatus()
            .catch { failure -> AnyPublisher<Data, APIError> in
                let failed = FailedAttempt(
                    failure: failure, method: request.httpMethod ?? "GET", retries: retries,
                    elapsed: .nanoseconds(start.distance(to: scheduler.now).nanoseconds), budget: budget)
                guard let wait = waitBeforeRetry(failed) else {
                    return Fail(error: failure).eraseToAnyPublisher()
                }
                return Just(())
                    .delay(for: .nanoseconds(Int(wait / .nanoseconds(1))), scheduler: scheduler)
                    .setFailureType(to: APIError.self)
                    .flatMap { attempt(retries + 1) }
                    .eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
    }
    return attempt(0)
}

extension FailedAttempt {
    /// The doubling wait before the next retry: the first wait, doubled once for each retry before.
    var doublingWait: Duration { budget.firstWait * (1 << retries) }

    /// Whether the failure may pass and the method may be sent twice, as chapter 4's policy says.
    var mayBeRetried: Bool { RetryPolicy().isWorthRetrying(failure) && RetryPolicy.isIdempotent(method) }
}
