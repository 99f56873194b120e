import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 4 · Retry placement: a reference solution.
//
// Before each retry, the time since the first attempt plus the next wait is held against the
// budget, on the scheduler's own clock; and only idempotent methods are sent more than once.

/// Sends `request` through `session`, retrying within `budget`; the waits run on `scheduler`.
public func sendRetrying<S: Scheduler>(
    _ request: URLRequest, session: URLSession, within budget: RetryBudget, scheduler: S
) -> AnyPublisher<Data, APIError> {
    attempt(request, session: session, budget: budget, retries: 0, startedAt: scheduler.now, on: scheduler)
}

/// Sends `request` once, after `retries` retries of an exchange that began at `start`; after a
/// failure, waits and sends it again, or gives up.
func attempt<S: Scheduler>(
    _ request: URLRequest, session: URLSession, budget: RetryBudget, retries: Int,
    startedAt start: S.SchedulerTimeType, on scheduler: S
) -> AnyPublisher<Data, APIError> {
    session.dataTaskPublisher(for: request)
        .validatingStatus()
        .catch { failure -> AnyPublisher<Data, APIError> in
            let wait = span(budget.firstWait * (1 << retries), on: scheduler)
            let endOfWait = start.distance(to: scheduler.now) + wait
            guard RetryPolicy().isWorthRetrying(failure),
                RetryPolicy.isIdempotent(request.httpMethod ?? "GET"),
                endOfWait <= span(budget.total, on: scheduler)
            else {
                return Fail(error: failure).eraseToAnyPublisher()
            }
            return Just(())
                .delay(for: wait, scheduler: scheduler)
                .setFailureType(to: APIError.self)
                .flatMap { _ in
                    attempt(
                        request, session: session, budget: budget, retries: retries + 1, startedAt: start,
                        on: scheduler)
                }
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
}

/// `duration` as a span of `scheduler`'s clock.
func span<S: Scheduler>(_ duration: Duration, on scheduler: S) -> S.SchedulerTimeType.Stride {
    .nanoseconds(Int(duration / .nanoseconds(1)))
}
