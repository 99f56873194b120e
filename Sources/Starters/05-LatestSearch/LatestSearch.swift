import Combine
import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 5 · Cancellation
//
// A search box searches as the user types. Only the latest query matters: send one only once the
// user has paused for 300 ms, send nothing when the query is the one just sent, and when a newer
// query's request starts, cancel the request of the older one, so that its answer never arrives
// and the server stops working on it.
//
// This version sends a request for every keystroke and delivers every answer, stale ones too.
//
// Check it with `swift run workbook check 5`; stuck, `swift run workbook hint 5`.

/// The answers for the queries a user types into `queries`, the latest query's only; the pauses
/// are timed on `scheduler`.
public func latestResults<S: Scheduler>(
    for queries: AnyPublisher<String, Never>, from service: SearchService, scheduler: S
) -> AnyPublisher<String, URLError> {
    queries
        // ✏️ Your work goes here: wait for a pause, skip a repeat, and follow only the latest request.
        .setFailureType(to: URLError.self)
        .flatMap { query in answer(to: query, from: service) }
        .eraseToAnyPublisher()
}

/// The server's answer to `query`, as text.
func answer(to query: String, from service: SearchService) -> AnyPublisher<String, URLError> {
    service.session.dataTaskPublisher(for: service.url(for: query))
        .map { exchange in String(decoding: exchange.data, as: UTF8.self) }
        .eraseToAnyPublisher()
}
