import Combine
import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 5 · Cancellation: a reference solution.
//
// debounce lets a query through once the user has paused; removeDuplicates drops one equal to the
// query before; switchToLatest follows only the newest request and cancels the one it replaces.

/// The answers for the queries a user types into `queries`, the latest query's only; the pauses
/// are timed on `scheduler`.
public func latestResults<S: Scheduler>(
    for queries: AnyPublisher<String, Never>, from service: SearchService, scheduler: S
) -> AnyPublisher<String, URLError> {
    queries
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .removeDuplicates()
        .setFailureType(to: URLError.self)
        .map { query in answer(to: query, from: service) }
        .switchToLatest()
        .eraseToAnyPublisher()
}

/// The server's answer to `query`, as text.
func answer(to query: String, from service: SearchService) -> AnyPublisher<String, URLError> {
    service.session.dataTaskPublisher(for: service.url(for: query))
        .map { exchange in String(decoding: exchange.data, as: UTF8.self) }
        .eraseToAnyPublisher()
}
