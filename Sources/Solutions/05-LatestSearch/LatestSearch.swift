import Combine
import ExerciseSupport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Exercise 5 · Cancellation: a reference solution, in both forms.
//
// Combine: debounce lets a query through once the user has paused; removeDuplicates drops one equal
// to the query before; switchToLatest follows only the newest request and cancels the one it
// replaces.
//
// async/await: the same three steps by hand. A Task per query waits out the pause and is cancelled
// by the next query (debounce); a query equal to the last one passed on is skipped; the request's
// Task is kept and cancelled when the next one starts (switchToLatest). A real project would take
// debounce and removeDuplicates from swift-async-algorithms.

/// The search the checks run against: `.combine` for the publisher, `.async` for the streams.
public let searchForm = AnswerForm.combine

// MARK: - In Combine

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

// MARK: - In async/await

/// The answers for the queries a user types into `queries`, the latest query's only; the pauses
/// are slept on `clock`. The answers end once the queries have ended and the last request is done.
public func latestResults(
    for queries: AsyncStream<String>, from service: SearchService, clock: some Clock<Duration>
) -> AsyncThrowingStream<String, any Error> {
    AsyncThrowingStream { answers in
        let searching = Task {
            var latest: (query: String, request: Task<Void, Never>)?
            for await query in settled(queries, after: .milliseconds(300), on: clock)
            where query != latest?.query {
                latest?.request.cancel()
                let request = Task {
                    do {
                        answers.yield(try await awaitedAnswer(to: query, from: service))
                    } catch let error where !Task.isCancelled {
                        answers.finish(throwing: error)
                    } catch {
                        // Cancelled for a newer query: its answer is not wanted.
                    }
                }
                latest = (query, request)
            }
            // Ended by the reader: the request under way is no longer wanted either.
            if Task.isCancelled { latest?.request.cancel() }
            await latest?.request.value
            answers.finish()
        }
        answers.onTermination = { _ in searching.cancel() }
    }
}

/// The queries let through once no newer one has come for `pause` on `clock`: each query's wait is
/// a Task that the next query cancels.
func settled(
    _ queries: AsyncStream<String>, after pause: Duration, on clock: some Clock<Duration>
) -> AsyncStream<String> {
    AsyncStream { settled in
        let typing = Task {
            var waiting: Task<Void, Never>?
            for await query in queries {
                waiting?.cancel()
                waiting = Task {
                    guard (try? await clock.sleep(for: pause)) != nil else { return }
                    settled.yield(query)
                }
            }
            if Task.isCancelled { waiting?.cancel() }
            await waiting?.value
            settled.finish()
        }
        settled.onTermination = { _ in typing.cancel() }
    }
}

/// The server's answer to `query`, awaited, as text.
func awaitedAnswer(to query: String, from service: SearchService) async throws -> String {
    let (data, _) = try await service.session.data(for: URLRequest(url: service.url(for: query)))
    return String(decoding: data, as: UTF8.self)
}
