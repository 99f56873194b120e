import Combine
import ExerciseSupport
import Foundation
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 4 · Retry placement
//
// A screen can keep its user waiting so long, however many attempts that takes. Send the request
// and, after a failure that may pass (no response, a 5xx), send it again: budget.firstWait before
// the first retry, twice the previous wait before each later one. Give up, with the last failure,
// as soon as the next wait would end later than budget.total after the first attempt began. And
// never send a POST twice: the first one may have taken effect although its answer never came.
//
// This version backs off, but it counts three retries instead of watching the clock, and it
// resends any method.
//
// Check it with `swift run workbook check 4`; stuck, `swift run workbook hint 4`.

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
            // ✏️ Your work goes here: decide by the time left in the budget, and by the method.
            guard retries < 3, RetryPolicy().isWorthRetrying(failure) else {
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
