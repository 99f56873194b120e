import ExerciseChecks
import ExerciseSupport
import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The exercise's async form, answered in the ways a learner moving from Combine might. Each wrong
// answer fails the same checks, with the same words, as its Combine twin among the other variants
// or the starter, but two mistakes that only the async form invites.
//
// Not kept, though a learner may write it: the pause slept with `Task.sleep`, on the real clock,
// instead of on the clock the search is handed. Every key then waits out a real 300 ms before the
// checks type the next, so the checks measure what the starter does ("s", "sw", "swi" sent), but
// its three real pauses in each check made it the slowest answer to prove, by half a second.
//
// Not kept: the repeat dropped from the keys before the pause (`removeDuplicates` before `debounce`).
// Awaited, it cancels the first request for the repeated query just as the checks let that
// request's answer go, and on Linux (Swift 6.3.1) a `data(for:)` task cancelled while its answer
// is being handed over can deadlock URLSession: measured here, it stopped the test process, one
// thread in `URLSessionTask.cancel()` waiting for the session's queue, that queue's thread waiting
// for the task's lock that the first held (swift-corelibs-foundation issue 5412).

/// The server's answer to `query`, awaited, as text.
func awaitedSearchAnswer(to query: String, from service: SearchService) async throws -> String {
    let (data, _) = try await service.session.data(for: URLRequest(url: service.url(for: query)))
    return String(decoding: data, as: UTF8.self)
}

/// The stream of answers a search delivers: `search` reads the queries and yields into the
/// continuation it is given; the answers end when it returns, and a reader that stops reading
/// cancels it.
///
/// Only a reader's cancel stops the search: answers ended by an error leave it running to its end,
/// so that what the server sees of a variant that ends them early does not hang on how far its
/// latest request got before a cancel.
func answersOf(
    _ search: @escaping @Sendable (AsyncThrowingStream<String, any Error>.Continuation) async -> Void
) -> AsyncThrowingStream<String, any Error> {
    AsyncThrowingStream { answers in
        let searching = Task {
            await search(answers)
            answers.finish()
        }
        answers.onTermination = { ending in
            if case .cancelled = ending { searching.cancel() }
        }
    }
}

/// The queries let through after a 300 ms pause on `clock`: the next query cancels the Task that
/// waits out the one before.
func pausedQueries(_ queries: AsyncStream<String>, on clock: some Clock<Duration>) -> AsyncStream<String> {
    AsyncStream { settled in
        let typing = Task {
            var pause: Task<Void, Never>?
            for await query in queries {
                pause?.cancel()
                pause = Task {
                    guard (try? await clock.sleep(for: .milliseconds(300))) != nil else { return }
                    settled.yield(query)
                }
            }
            if Task.isCancelled { pause?.cancel() }
            await pause?.value
            settled.finish()
        }
        settled.onTermination = { _ in typing.cancel() }
    }
}

/// `queries` without a query equal to the one before it.
func withoutRepeats(_ queries: AsyncStream<String>) -> AsyncStream<String> {
    AsyncStream { distinct in
        let reading = Task {
            var previous: String?
            for await query in queries where query != previous {
                previous = query
                distinct.yield(query)
            }
            distinct.finish()
        }
        distinct.onTermination = { _ in reading.cancel() }
    }
}

/// Each of `queries` searched in a Task that replaces, and cancels, the one before; a cancelled
/// request's error is dropped, and, with `endingOnCancel`, ends the answers as any other error does.
func latestRequests(
    _ queries: AsyncStream<String>, _ service: SearchService, endingOnCancel: Bool = false
) -> AsyncThrowingStream<String, any Error> {
    answersOf { answers in
        var request: Task<Void, Never>?
        for await query in queries {
            request?.cancel()
            request = Task {
                do {
                    answers.yield(try await awaitedSearchAnswer(to: query, from: service))
                } catch {
                    if endingOnCancel || !Task.isCancelled { answers.finish(throwing: error) }
                }
            }
        }
        if Task.isCancelled { request?.cancel() }
        await request?.value
    }
}

/// Wrong: every request runs in a task group to its end and every answer, stale ones too, is
/// delivered (the `flatMap` of the Combine answers).
func awaitedEveryRequestFollowed(
    _ queries: AsyncStream<String>, _ service: SearchService, _ clock: VirtualClock
) -> AsyncThrowingStream<String, any Error> {
    answersOf { answers in
        await withTaskGroup(of: Void.self) { requests in
            for await query in withoutRepeats(pausedQueries(queries, on: clock)) {
                requests.addTask {
                    if let answer = try? await awaitedSearchAnswer(to: query, from: service) {
                        answers.yield(answer)
                    }
                }
            }
        }
    }
}

/// Wrong: a stale answer is dropped by comparing its query with the latest one, but its request is
/// never cancelled: the server works on every one of them to the end.
func awaitedStaleAnswersIgnored(
    _ queries: AsyncStream<String>, _ service: SearchService, _ clock: VirtualClock
) -> AsyncThrowingStream<String, any Error> {
    answersOf { answers in
        let latest = Locked("")
        await withTaskGroup(of: Void.self) { requests in
            for await query in withoutRepeats(pausedQueries(queries, on: clock)) {
                latest.withLock { $0 = query }
                requests.addTask {
                    let answer = try? await awaitedSearchAnswer(to: query, from: service)
                    if let answer, latest.withLock({ $0 }) == query { answers.yield(answer) }
                }
            }
        }
    }
}

/// Wrong: no pause at all: every key typed starts a request, cancelling the one before.
func awaitedWithoutAPause(
    _ queries: AsyncStream<String>, _ service: SearchService, _ clock: VirtualClock
) -> AsyncThrowingStream<String, any Error> {
    latestRequests(withoutRepeats(queries), service)
}

/// Wrong, with no Combine twin: the superseded request is cancelled, but its error, thrown by the
/// cancel, ends the answers as a real failure would, before the latest answer comes.
func awaitedCancelEndingTheAnswers(
    _ queries: AsyncStream<String>, _ service: SearchService, _ clock: VirtualClock
) -> AsyncThrowingStream<String, any Error> {
    latestRequests(withoutRepeats(pausedQueries(queries, on: clock)), service, endingOnCancel: true)
}

/// Wrong, with no Combine twin: the usual async search box, one Task per key that waits out the pause
/// and then sends the query, unless it was sent last. The next key cancels that Task, and with it a
/// request under way: typing "swif" and "swift" again within the pause cancels the request for
/// "swift", and the repeat check then sends nothing, so no answer ever comes.
func awaitedOneTaskPerKey(
    _ queries: AsyncStream<String>, _ service: SearchService, _ clock: VirtualClock
) -> AsyncThrowingStream<String, any Error> {
    answersOf { answers in
        let sent = Locked<String?>(nil)
        var search: Task<Void, Never>?
        for await query in queries {
            search?.cancel()
            search = Task {
                guard (try? await clock.sleep(for: .milliseconds(300))) != nil else { return }
                guard sent.withLock({ $0 }) != query else { return }
                sent.withLock { $0 = query }
                if let answer = try? await awaitedSearchAnswer(to: query, from: service), !Task.isCancelled {
                    answers.yield(answer)
                }
            }
        }
        if Task.isCancelled { search?.cancel() }
        await search?.value
    }
}

/// Right, another way: each query's pause is a Task that the next key cancels, and the query it lets
/// through goes to an actor, which skips a repeat and swaps the request under way for the new one.
func awaitedThroughAnActor(
    _ queries: AsyncStream<String>, _ service: SearchService, _ clock: VirtualClock
) -> AsyncThrowingStream<String, any Error> {
    answersOf { answers in
        let latest = LatestRequest(service: service, answers: answers)
        var pause: Task<Void, Never>?
        for await query in queries {
            pause?.cancel()
            pause = Task {
                guard (try? await clock.sleep(for: .milliseconds(300))) != nil else { return }
                await latest.search(query)
            }
        }
        if Task.isCancelled { pause?.cancel() }
        await pause?.value
        await latest.finished()
    }
}

/// The request under way, for the query sent last.
private actor LatestRequest {
    let service: SearchService
    let answers: AsyncThrowingStream<String, any Error>.Continuation
    private var sent: String?
    private var request: Task<Void, Never>?

    init(service: SearchService, answers: AsyncThrowingStream<String, any Error>.Continuation) {
        (self.service, self.answers) = (service, answers)
    }

    /// Sends `query` unless it was sent last, cancelling the request before it.
    func search(_ query: String) {
        guard query != sent else { return }
        sent = query
        request?.cancel()
        request = Task { [service, answers] in
            do {
                answers.yield(try await awaitedSearchAnswer(to: query, from: service))
            } catch {
                if !Task.isCancelled { answers.finish(throwing: error) }
            }
        }
    }

    /// Returns once the last request is done.
    func finished() async {
        await request?.value
    }
}
