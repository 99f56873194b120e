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
// The search is here twice: as a Combine pipeline, and with async/await (a stream of queries in, a
// stream of answers out). Each version sends a request for every keystroke and delivers every
// answer, stale ones too. Answer in the one you are learning; `searchForm` says which one the
// checks run against.
//
// Check it with `swift run workbook check 5`; stuck, `swift run workbook hint 5`.

/// The search the checks run against: `.combine` for the publisher, `.async` for the streams.
public let searchForm = AnswerForm.combine

// MARK: - In Combine

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

// MARK: - In async/await

/// The answers for the queries a user types into `queries`, the latest query's only; the pauses
/// are slept on `clock`. The answers end once the queries have ended and the last request is done.
public func latestResults(
    for queries: AsyncStream<String>, from service: SearchService, clock: some Clock<Duration>
) -> AsyncThrowingStream<String, any Error> {
    AsyncThrowingStream { answers in
        let searching = Task {
            await withTaskGroup(of: Void.self) { requests in
                for await query in queries {
                    // ✏️ Your work goes here: wait for a pause, skip a repeat, and cancel the request before.
                    requests.addTask {
                        do {
                            answers.yield(try await awaitedAnswer(to: query, from: service))
                        } catch {
                            answers.finish(throwing: error)
                        }
                    }
                }
            }
            answers.finish()
        }
        // The reader stopped reading: stop searching, which cancels every request under way.
        answers.onTermination = { _ in searching.cancel() }
    }
}

/// The server's answer to `query`, awaited, as text.
func awaitedAnswer(to query: String, from service: SearchService) async throws -> String {
    let (data, _) = try await service.session.data(for: URLRequest(url: service.url(for: query)))
    return String(decoding: data, as: UTF8.self)
}
