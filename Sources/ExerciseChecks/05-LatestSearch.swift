import CheckProcesses
import Combine
import ExerciseSupport
import Foundation
import Harness
import LocalServer
import Locking
import LoopbackLab

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 5's code: the answers for what a user types, the latest query's only.
public struct LatestSearchCode: ExerciseCode {
    /// The answers for the queries typed into a publisher, searched through a service, with the
    /// pauses timed on a virtual clock.
    public typealias Search =
        @Sendable (AnyPublisher<String, Never>, SearchService, VirtualTimeScheduler)
        -> AnyPublisher<String, URLError>

    public let search: Search

    public init(search: @escaping Search) {
        self.search = search
    }
}

/// How long a user pauses before a query counts, as the exercise asks the code to debounce: keys
/// typed closer together than this make one query.
let searchPause = Duration.milliseconds(300)

/// How far apart the checks type keys when they type quickly.
let quickTyping = Duration.milliseconds(100)

/// How long, at most, the checks wait for the search requests to settle before the server answers
/// everything it holds: far longer than a request or a cancel takes to reach the server, however
/// loaded the machine. They settle as soon as the server has every request the code still runs
/// and has seen every other one abandoned, which takes milliseconds.
let searchesSettleWithin = Duration.seconds(2)

let latestSearchExercise = Exercise(
    number: 5, chapter: "Cancellation", name: "LatestSearch",
    task:
        "Search as the user types: wait for a 300 ms pause, skip a repeated query, and let each new query cancel the request before it.",
    hint: """
        Two operators go before the requests are made: debounce(for: .milliseconds(300), scheduler:
        scheduler) lets a query through only once no newer one has come for 300 ms, and
        removeDuplicates() then drops a query equal to the one let through before it. After them,
        map each query to its request and join the requests with switchToLatest() instead of
        flatMap: each new request makes it cancel the one before, which closes that connection,
        while flatMap keeps every request going and delivers every answer, however stale.
        """,
    code: LatestSearchCode.self,
    checks: [
        CheckOf(
            "keys typed 100 ms apart send one request, for the query the user paused on",
            hint: "debounce on the scheduler you are given, for 300 ms, before making requests.",
            quickTypingSendsTheLastQuery),
        CheckOf(
            "a query typed again after a pause sends nothing new",
            hint: "removeDuplicates() after the debounce drops a query equal to the one sent before.",
            repeatedQuerySendsNothing),
        CheckOf(
            "the subscriber gets only the latest query's answer",
            hint: "switchToLatest() delivers only the newest request's answer; flatMap delivers them all.",
            onlyTheLatestAnswerArrives),
        CheckOf(
            "a superseded request still in flight is cancelled at the server",
            hint:
                "Ignoring an old answer is not enough: switchToLatest() cancels the old request, and the server sees its client leave.",
            supersededRequestIsCancelled),
    ])

/// What a user does in the search box, one step at a time.
private enum Typing {
    /// Types each of `queries` in turn, `quickTyping` apart on the virtual clock.
    case keys([String])
    /// Stops typing for `searchPause` on the virtual clock.
    case pause
    /// Waits, in real time, until the server has received `query`.
    case untilTheServerHas(String)
}

/// The query typed last: the one the code should still be asking about when the typing is done.
private func lastQuery(of typing: [Typing]) -> String? {
    typing.reversed().lazy.compactMap { step in
        if case .keys(let queries) = step { queries.last } else { nil }
    }.first
}

/// What came of some typing: the queries the server received and the ones it saw abandoned, and
/// what the subscriber got. Each list is sorted: requests sent at the same moment travel on
/// connections of their own and may arrive in either order.
private struct SearchRun {
    var sent: [String]
    var abandoned: [String]
    var delivered: Delivery
}

/// The answers a subscriber got, sorted, and whether its subscription finished.
struct Delivery: Equatable, Sendable {
    var answers: [String]
    var finished: Bool

    var summary: String { quoted(answers) + (finished ? ", finished" : ", not finished") }
}

/// Queries in quotes, or `nothing`: `"sw", "swift"`.
private func quoted(_ texts: [String]) -> String {
    texts.isEmpty ? "nothing" : texts.map { "\"\($0)\"" }.joined(separator: ", ")
}

/// Feeds `typing` to the code on a virtual clock, then ends the input and waits until the code's
/// publisher finishes.
///
/// The server holds every answer until the typing is done, however slowly a loaded machine types,
/// so an answer the code should have let go cannot slip in first, and then until the searches have
/// settled (see `searchesHaveSettled`), or `searchesSettleWithin` has passed. The input ends only
/// after a pause, when no query is pending, so the publisher finishes once the requests it still
/// follows have been answered, and the server's records are complete by then.
private func searchRun(_ code: LatestSearchCode, typing: [Typing], in lab: Lab) async -> SearchRun {
    let clock = VirtualTimeScheduler()
    let service = SearchService(
        session: lab.session,
        route: lab.url(Route.search).appending(queryItems: [.init(name: "held", value: "1")]))
    let typed = PassthroughSubject<String, Never>()
    let answers = Locked<[String]>([])
    let finished = Locked(false)
    let subscription = code.search(typed.eraseToAnyPublisher(), service, clock)
        .sink(
            receiveCompletion: { _ in finished.withLock { $0 = true } },
            receiveValue: { answer in answers.withLock { $0.append(answer) } })
    for step in typing {
        switch step {
        case .keys(let queries):
            for (index, query) in queries.enumerated() {
                if index > 0 { clock.advance(by: span(quickTyping)) }
                typed.send(query)
            }
        case .pause:
            clock.advance(by: span(searchPause))
        case .untilTheServerHas(let query):
            _ = await until(timeout: patience) { queries(in: lab.server.requests).contains(query) }
        }
    }
    clock.advance(by: span(searchPause))
    // The typing is done. Once the searches have settled, every answer may go, a request sent
    // twice included, and so may those of requests that have not reached the server yet.
    if let last = lastQuery(of: typing) {
        _ = await until(timeout: searchesSettleWithin) { await searchesHaveSettled(last: last, in: lab) }
    }
    lab.heldAnswers.releaseAll()
    typed.send(completion: .finished)
    clock.advance(by: span(searchPause))
    _ = await until(timeout: patience) { finished.withLock { $0 } }
    subscription.cancel()
    return SearchRun(
        sent: queries(in: lab.server.requests),
        abandoned: queries(in: lab.server.abandonedRequests.map(\.request)),
        delivered: Delivery(answers: answers.withLock { $0 }.sorted(), finished: finished.withLock { $0 }))
}

/// Whether the server has the request for the `last` query typed, and the search requests it has
/// are exactly those the code still runs, besides the ones it has seen abandoned.
///
/// A cancelled URLSession task leaves `running` at once, so by then every request the code
/// cancelled is on its way out or gone, and the server's record of it needs only the client to
/// close the connection; and every request the code still waits on has arrived. Code that cancels
/// nothing settles as soon as its requests are in.
private func searchesHaveSettled(last: String, in lab: Lab) async -> Bool {
    let searches = lab.server.requests.filter { $0.path == Route.search }
    guard searches.contains(where: { $0.queryValue("q") == last }) else { return false }
    var open = [String?: Int]()
    for request in searches { open[request.queryValue("q"), default: 0] += 1 }
    for abandoned in lab.server.abandonedRequests where abandoned.request.path == Route.search {
        open[abandoned.request.queryValue("q"), default: 0] -= 1
    }
    var running = [String?: Int]()
    for task in await tasks(of: lab.session) where task.state == .running {
        running[searchQuery(of: task), default: 0] += 1
    }
    return open.filter { $0.value != 0 } == running
}

/// The `q` query item of the search `task` asks for.
private func searchQuery(of task: URLSessionTask) -> String? {
    guard let url = task.originalRequest?.url else { return nil }
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
    return items?.first { $0.name == "q" }?.value
}

/// The search queries among `requests`, sorted.
private func queries(in requests: [HTTPRequest]) -> [String] {
    requests.filter { $0.path == Route.search }.compactMap { $0.queryValue("q") }.sorted()
}

/// `duration` as a span of the virtual clock.
private func span(_ duration: Duration) -> VirtualTimeScheduler.SchedulerTimeType.Stride {
    .nanoseconds(Int(duration / .nanoseconds(1)))
}

func quickTypingSendsTheLastQuery(_ code: LatestSearchCode, in lab: Lab) async -> Finding<[String]> {
    let run = await searchRun(code, typing: [.keys(["s", "sw", "swi"]), .pause], in: lab)
    return Finding(expected: ["swi"], measured: run.sent, describe: { "the server received " + quoted($0) })
}

func repeatedQuerySendsNothing(_ code: LatestSearchCode, in lab: Lab) async -> Finding<[String]> {
    let run = await searchRun(
        code,
        typing: [.keys(["swift"]), .pause, .untilTheServerHas("swift"), .keys(["swif", "swift"]), .pause],
        in: lab)
    // Nothing is typed after the repeat: a request sent for it is the last, so nothing cancels it
    // before it reaches the server, and the run waits for its answer.
    return Finding(expected: ["swift"], measured: run.sent, describe: { "the server received " + quoted($0) })
}

/// Typing slowly: "sw", a pause long enough for its request to reach the server, then "swift".
private let slowTyping: [Typing] = [
    .keys(["sw"]), .pause, .untilTheServerHas("sw"), .keys(["swift"]), .pause,
]

func onlyTheLatestAnswerArrives(_ code: LatestSearchCode, in lab: Lab) async -> Finding<Delivery> {
    let run = await searchRun(code, typing: slowTyping, in: lab)
    return Finding(
        expected: Delivery(answers: ["results for swift"], finished: true), measured: run.delivered,
        describe: { "the subscriber got " + $0.summary })
}

func supersededRequestIsCancelled(_ code: LatestSearchCode, in lab: Lab) async -> Finding<[String]> {
    let run = await searchRun(code, typing: slowTyping, in: lab)
    return Finding(
        expected: ["sw"], measured: run.abandoned, describe: { "the server saw " + quoted($0) + " abandoned" }
    )
}
