import CheckProcesses
import Combine
import ExerciseCatalog
import ExerciseSupport
import Foundation
import Harness
import LocalServer
import Locking
import LoopbackLab
import TimeControl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 5's code: the answers for what a user types, the latest query's only, as a publisher or
/// as an `AsyncSequence`, whichever the learner's file names in `searchForm`.
public struct LatestSearchCode: ExerciseCode, AnswersInEitherForm {
    /// The answers for the queries typed into a publisher, searched through a service, with the
    /// pauses timed on a virtual clock.
    public typealias Search =
        @Sendable (AnyPublisher<String, Never>, SearchService, VirtualTimeScheduler)
        -> AnyPublisher<String, URLError>

    /// The same with `async`/`await`: the queries typed into a stream, the answers out of another,
    /// the pauses slept on a virtual `Clock`.
    public typealias AwaitedSearch =
        @Sendable (AsyncStream<String>, SearchService, VirtualClock) -> AsyncThrowingStream<String, any Error>

    /// The search in one form.
    enum Searching {
        case combine(Search)
        case async(AwaitedSearch)
    }

    /// The search the checks run against.
    let searching: Searching
    /// Both of the file's searches, when it has both: what `answered(in:)` chooses from.
    private let both: (publisher: Search, awaited: AwaitedSearch)?

    /// A search written as a publisher.
    public init(search: @escaping Search) {
        (searching, both) = (.combine(search), nil)
    }

    /// A search written with `async`/`await`.
    public init(awaited: @escaping AwaitedSearch) {
        (searching, both) = (.async(awaited), nil)
    }

    /// The learner's file, which has both searches, the publisher's first: the checks run against
    /// the one `form` names.
    public init(_ form: AnswerForm, _ publisher: @escaping Search, _ awaited: @escaping AwaitedSearch) {
        searching = form == .combine ? .combine(publisher) : .async(awaited)
        both = (publisher, awaited)
    }

    /// Which of the two forms the checks run against: the one the search was written in, or the one
    /// the learner's file names.
    public var form: AnswerForm {
        if case .combine = searching { .combine } else { .async }
    }

    /// The same file's code with `form` checked instead; nil when only one form was given.
    public func answered(in form: AnswerForm) -> LatestSearchCode? {
        both.map { LatestSearchCode(form, $0.publisher, $0.awaited) }
    }

    /// The checked form as the runner names it, with the setting in the learner's file that chose it.
    public var checkedForm: String? {
        (form == .combine
            ? "the Combine latestResults(for:from:scheduler:)" : "the async latestResults(for:from:clock:)")
            + ", as searchForm says"
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

let latestSearchChecks = CheckedExercise(
    .latestSearch, code: LatestSearchCode.self,
    measures: [
        CheckOf(quickTypingSendsTheLastQuery),
        CheckOf(repeatedQuerySendsNothing),
        CheckOf(onlyTheLatestAnswerArrives),
        CheckOf(supersededRequestIsCancelled),
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
/// answers end.
///
/// The server holds every answer until the typing is done, however slowly a loaded machine types,
/// so an answer the code should have let go cannot slip in first, and then until the searches have
/// settled (see `searchesHaveSettled`), or `searchesSettleWithin` has passed. The input ends only
/// after a pause, when no query is pending, so the answers end once the requests the code still
/// follows have been answered, and the server's records are complete by then.
private func searchRun(_ code: LatestSearchCode, typing: [Typing], in lab: Lab) async -> SearchRun {
    let service = SearchService(
        session: lab.session,
        route: lab.url(Route.search).appending(queryItems: [.init(name: "held", value: "1")]))
    let box: any SearchBox =
        switch code.searching {
        case .combine(let search): PublishedSearchBox(search, service: service)
        case .async(let search): AwaitedSearchBox(search, service: service, lab: lab)
        }
    for step in typing {
        switch step {
        case .keys(let queries):
            for (index, query) in queries.enumerated() {
                if index > 0 { box.advance(by: quickTyping) }
                await box.type(query)
            }
        case .pause:
            box.advance(by: searchPause)
        case .untilTheServerHas(let query):
            _ = await until(timeout: patience) { queries(in: lab.server.requests).contains(query) }
        }
    }
    box.advance(by: searchPause)
    // The typing is done. Once the searches have settled, every answer may go, a request sent
    // twice included, and so may those of requests that have not reached the server yet.
    if let last = lastQuery(of: typing) {
        _ = await until(timeout: searchesSettleWithin) { await searchesHaveSettled(last: last, in: lab) }
    }
    lab.heldAnswers.releaseAll()
    box.endTyping()
    box.advance(by: searchPause)
    _ = await until(timeout: patience) { box.delivered.finished }
    let delivered = box.delivered
    box.stop()
    return SearchRun(
        sent: queries(in: lab.server.requests),
        abandoned: queries(in: lab.server.abandonedRequests.map(\.request)),
        delivered: Delivery(answers: delivered.answers.sorted(), finished: delivered.finished))
}

/// The search under check, in whichever form it is written: what the checks type into it, the
/// clock they move, and what it delivers.
private protocol SearchBox {
    /// Types `query` as the search box's whole text, and returns once the code has taken it.
    func type(_ query: String) async
    /// Moves the clock the code times its pauses on.
    func advance(by duration: Duration)
    /// Ends the input, as a screen that closes.
    func endTyping()
    /// The answers so far, in the order they came, and whether they have ended.
    var delivered: Delivery { get }
    /// Stops following the answers.
    func stop()
}

/// A publisher's answers, collected by a subscriber.
private final class PublishedSearchBox: SearchBox {
    private let clock = VirtualTimeScheduler()
    private let typed = PassthroughSubject<String, Never>()
    private let answers = Locked(Delivery(answers: [], finished: false))
    private let subscription: Locked<AnyCancellable?> = Locked(nil)

    init(_ search: LatestSearchCode.Search, service: SearchService) {
        let answers = self.answers
        let subscription = search(typed.eraseToAnyPublisher(), service, clock)
            .sink(
                receiveCompletion: { _ in answers.withLock { $0.finished = true } },
                receiveValue: { answer in answers.withLock { $0.answers.append(answer) } })
        self.subscription.withLock { $0 = subscription }
    }

    /// The publisher takes the query in the call that sends it.
    func type(_ query: String) async {
        typed.send(query)
    }

    func advance(by duration: Duration) {
        clock.advance(by: .nanoseconds(Int(duration / .nanoseconds(1))))
    }

    func endTyping() {
        typed.send(completion: .finished)
    }

    var delivered: Delivery { answers.withLock { $0 } }

    func stop() {
        subscription.withLock { $0?.cancel() }
    }
}

/// An `AsyncSequence`'s answers, collected by a task that iterates them.
private final class AwaitedSearchBox: SearchBox {
    private let clock = VirtualClock()
    private let typed: AsyncStream<String>.Continuation
    private let answers = Locked(Delivery(answers: [], finished: false))
    private let reading: Task<Void, Never>
    private let lab: Lab

    init(_ search: LatestSearchCode.AwaitedSearch, service: SearchService, lab: Lab) {
        let (queries, typed) = AsyncStream.makeStream(of: String.self)
        let results = search(queries, service, clock)
        let answers = self.answers
        reading = Task {
            do {
                for try await answer in results { answers.withLock { $0.answers.append(answer) } }
            } catch {}
            answers.withLock { $0.finished = true }
        }
        (self.typed, self.lab) = (typed, lab)
    }

    /// The code takes a query in a task of its own, later; until it has, moving the clock would
    /// time its pause from the wrong instant. It has taken it once it has begun a sleep (waiting
    /// out the pause), or a new search request has reached the server (it did not wait), or its
    /// answers have ended. That takes milliseconds; code that does none of them (it reads no
    /// queries) is given a quarter of the check's patience a key, so that its check still ends
    /// with a verdict of its own.
    func type(_ query: String) async {
        let (sleeps, requests) = (clock.sleepsBegun, searchRequests(in: lab))
        typed.yield(query)
        _ = await until(timeout: patience / 4) {
            clock.sleepsBegun > sleeps || searchRequests(in: lab) > requests || delivered.finished
        }
    }

    func advance(by duration: Duration) {
        clock.advance(by: duration)
    }

    func endTyping() {
        typed.finish()
    }

    var delivered: Delivery { answers.withLock { $0 } }

    func stop() {
        reading.cancel()
    }
}

/// How many search requests the server has received.
private func searchRequests(in lab: Lab) -> Int {
    lab.server.requests.count { $0.path == Route.search }
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

func quickTypingSendsTheLastQuery(_ code: LatestSearchCode, in lab: Lab) async -> Finding<[String]> {
    let run = await searchRun(code, typing: [.keys(["s", "sw", "swi"]), .pause], in: lab)
    return Finding(expected: ["swi"], measured: run.sent, describe: { "the server received " + quoted($0) })
}

/// The search requests the server received, and those among them it saw abandoned, each sorted.
struct SearchRecords: Equatable, Sendable {
    var received: [String]
    var abandoned: [String]

    var summary: String {
        "the server received " + quoted(received) + " and saw " + quoted(abandoned) + " abandoned"
    }
}

func repeatedQuerySendsNothing(_ code: LatestSearchCode, in lab: Lab) async -> Finding<SearchRecords> {
    let run = await searchRun(
        code,
        typing: [.keys(["swift"]), .pause, .untilTheServerHas("swift"), .keys(["swif", "swift"]), .pause],
        in: lab)
    // Nothing is typed after the repeat: a request sent for it is the last, so nothing cancels it
    // before it reaches the server, and the run waits for its answer. The first request for
    // "swift" must still be running: "swif" never lasted a pause, so nothing replaced it.
    return Finding(
        expected: SearchRecords(received: ["swift"], abandoned: []),
        measured: SearchRecords(received: run.sent, abandoned: run.abandoned), describe: \.summary)
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
