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

/// Wrong: the retry comes before the status check, where a 503 is still a value: only transport
/// failures are retried, and those at once, without a wait (chapter 4's finding).
func retriedBeforeTheStatusCheck(
    _ request: URLRequest, _ session: URLSession, _ budget: RetryBudget, _ scheduler: VirtualTimeScheduler
) -> AnyPublisher<Data, APIError> {
    session.dataTaskPublisher(for: request)
        .retry(2)
        .validatingStatus()
}
