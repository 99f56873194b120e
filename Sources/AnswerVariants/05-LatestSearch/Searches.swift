import Combine
import ExerciseChecks
import ExerciseSupport
import Foundation
import Harness
import Locking
import TimeControl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server's answer to `query`, as text.
func searchAnswer(to query: String, from service: SearchService) -> AnyPublisher<String, URLError> {
    service.session.dataTaskPublisher(for: service.url(for: query))
        .map { exchange in String(decoding: exchange.data, as: UTF8.self) }
        .eraseToAnyPublisher()
}

/// The queries a user settled on: let through after a 300 ms pause, a repeat of the one before
/// dropped, as the exercise asks.
func settledQueries(
    _ queries: AnyPublisher<String, Never>, _ scheduler: VirtualTimeScheduler
) -> Publishers.RemoveDuplicates<Publishers.Debounce<AnyPublisher<String, Never>, VirtualTimeScheduler>> {
    queries.debounce(for: .milliseconds(300), scheduler: scheduler).removeDuplicates()
}

/// Wrong: `flatMap` instead of `switchToLatest`: every request runs to its end and every answer,
/// stale ones too, is delivered.
func everyRequestFollowed(
    _ queries: AnyPublisher<String, Never>, _ service: SearchService, _ scheduler: VirtualTimeScheduler
) -> AnyPublisher<String, URLError> {
    settledQueries(queries, scheduler)
        .setFailureType(to: URLError.self)
        .flatMap { query in searchAnswer(to: query, from: service) }
        .eraseToAnyPublisher()
}

/// Wrong: stale answers are dropped by comparing their query with the latest one, but their
/// requests are never cancelled: the server works on every one of them to the end.
func staleAnswersIgnored(
    _ queries: AnyPublisher<String, Never>, _ service: SearchService, _ scheduler: VirtualTimeScheduler
) -> AnyPublisher<String, URLError> {
    let latest = Locked("")
    return
        queries
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .removeDuplicates()
        .handleEvents(receiveOutput: { query in latest.withLock { $0 = query } })
        .setFailureType(to: URLError.self)
        .flatMap { query in
            searchAnswer(to: query, from: service).filter { _ in latest.withLock { $0 } == query }
        }
        .eraseToAnyPublisher()
}

/// Wrong: `removeDuplicates()` before `debounce`, where the keystrokes in between make the repeated
/// query look new.
func duplicatesRemovedTooEarly(
    _ queries: AnyPublisher<String, Never>, _ service: SearchService, _ scheduler: VirtualTimeScheduler
) -> AnyPublisher<String, URLError> {
    queries
        .removeDuplicates()
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .setFailureType(to: URLError.self)
        .map { query in searchAnswer(to: query, from: service) }
        .switchToLatest()
        .eraseToAnyPublisher()
}

/// Right, another way: `switchToLatest` over the requests, the duplicates dropped by comparing each
/// settled query with the one before it through `scan`.
func settledQueriesScanned(
    _ queries: AnyPublisher<String, Never>, _ service: SearchService, _ scheduler: VirtualTimeScheduler
) -> AnyPublisher<String, URLError> {
    queries
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .scan((previous: String?.none, current: String?.none)) { pair, query in
            (previous: pair.current, current: query)
        }
        .compactMap { pair in pair.current == pair.previous ? nil : pair.current }
        .setFailureType(to: URLError.self)
        .map { query in searchAnswer(to: query, from: service) }
        .switchToLatest()
        .eraseToAnyPublisher()
}
