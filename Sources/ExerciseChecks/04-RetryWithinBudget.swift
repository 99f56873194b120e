import CheckProcesses
import Combine
import ExerciseCatalog
import ExerciseSupport
import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import TimeControl
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 4's code: sends a request, retrying within a budget, its waits on the given clock.
public struct RetryWithinBudgetCode: ExerciseCode {
    /// Sends a request through a session, retrying within a budget, waiting on a virtual clock.
    public typealias Send =
        @Sendable (URLRequest, URLSession, RetryBudget, VirtualTimeScheduler)
        -> AnyPublisher<Data, APIError>

    /// The function under check that sends a request and retries it.
    public let send: Send

    /// Wraps the send function under check.
    public init(send: @escaping Send) {
        self.send = send
    }
}

/// The budget the checks hand the code: 50 ms before the first retry, 300 ms in all. A server that
/// always fails then gets attempts at 0, 50 and 150 ms; the next wait, 200 ms, would end at 350.
let checkedBudget = RetryBudget(firstWait: .milliseconds(50), total: .milliseconds(300))

/// A longer budget, with the same first wait: attempts at 0, 50, 150, 350 and 750 ms; the next wait,
/// 800 ms, would end at 1550. A fixed number of retries cannot fit both budgets.
let longerBudget = RetryBudget(firstWait: .milliseconds(50), total: .milliseconds(800))

/// How long each attempt takes in the check where requests are not instant, on the virtual clock.
let attemptDuration = Duration.milliseconds(100)

let retryWithinBudgetChecks = CheckedExercise(
    .retryWithinBudget, code: RetryWithinBudgetCode.self,
    measures: [
        CheckOf(recoversAfterTwoFailures),
        CheckOf(waitsDouble),
        CheckOf(givesUpWithinTheBudget),
        CheckOf(longerBudgetAllowsMoreRetries),
        CheckOf(slowAttemptsUseUpTheBudget),
        CheckOf(sendsAPostOnce),
        CheckOf(sendsA404Once),
    ])

/// What the code did with a request: how it ended, and when each attempt reached the server,
/// on the virtual clock, counted from the first.
struct RetryRun: Equatable, Sendable {
    /// How the publisher ended; nil when it had not completed by the end of the run.
    var outcome: Result<[String], APIError>?
    var arrivals: [Duration]
    /// Where the virtual clock stood when the run stopped watching a publisher that never
    /// completed; nil for one that did.
    var unfinishedAt: Duration? = nil

    /// The run's outcome and request count, which most checks compare.
    var ending: RetryEnding {
        RetryEnding(outcome: outcome, requests: arrivals.count, unfinishedAt: unfinishedAt)
    }

    /// The waits between one arrival at the server and the next.
    var waits: [Duration] { zip(arrivals, arrivals.dropFirst()).map { $1 - $0 } }

    var summary: String { ending.summary + " at " + inMilliseconds(arrivals) }
}

/// How a retried request ended and how many times it was sent.
struct RetryEnding: Equatable, Sendable {
    var outcome: Result<[String], APIError>?
    var requests: Int
    var unfinishedAt: Duration? = nil

    var summary: String {
        let ending =
            outcome.map { describe($0) }
            ?? "no completion by \(inMilliseconds([unfinishedAt ?? .zero])) on the virtual clock"
        return ending + " · " + counted(requests, "request")
    }
}

/// How far a run moves the virtual clock before it stops watching: four times the longest budget.
private let retryHorizon = longerBudget.total * 4

/// Durations as milliseconds, the unit named once: `0, 50, 150 ms`.
private func inMilliseconds(_ durations: [Duration]) -> String {
    durations.map { "\(Int($0.milliseconds.rounded()))" }.joined(separator: ", ") + " ms"
}

/// Runs the code on `request` with a virtual clock and `budget`, moving the clock on whenever the
/// code waits on it, and notes the clock's reading as each attempt reaches the server.
///
/// The clock moves on by `attemptDuration` as each attempt arrives (the server holds its answer
/// meanwhile, when the request asks it to), and stands still otherwise while a request is on its
/// way, so an attempt's instant is exactly the sum of the waits and attempts before it. The clock
/// moves only once none of the code's requests is running, straight to the next whole millisecond
/// in which an action falls due; it stops at `retryHorizon`, which lets a run that never gives up
/// be measured instead of running for ever.
private func retryRun(
    _ code: RetryWithinBudgetCode, _ request: URLRequest, budget: RetryBudget = checkedBudget,
    attemptDuration: Duration = .zero, in lab: Lab
) async -> RetryRun {
    let clock = VirtualTimeScheduler()
    let bodies = Locked<[String]>([])
    let ended = Locked<Result<[String], APIError>?>(nil)
    let url = request.url ?? lab.url("/")
    // Subscribed here and now, not from a task that a busy machine might start late, so the first
    // attempt is under way before the wait for it begins.
    let subscription = code.send(request, lab.session, budget, clock).sink(
        receiveCompletion: { completion in
            let received = bodies.withLock { $0 }
            ended.withLock { ended in
                switch completion {
                case .finished: ended = .success(received)
                case .failure(let failure): ended = .failure(failure)
                }
            }
        },
        receiveValue: { body in bodies.withLock { $0.append(String(decoding: body, as: UTF8.self)) } })
    let horizon = VirtualTimeScheduler.SchedulerTimeType(nanoseconds: 0).advanced(
        by: .nanoseconds(Int(retryHorizon / .nanoseconds(1))))
    var arrivals: [Duration] = []
    while true {
        let somethingHappened = await until(timeout: patience) {
            ended.withLock { $0 != nil } || clock.scheduledActionCount > 0
                || lab.requestCount(for: url) > arrivals.count
        }
        while lab.requestCount(for: url) > arrivals.count {
            arrivals.append(.nanoseconds(clock.now.nanoseconds))
            if attemptDuration > .zero {
                clock.advance(by: .nanoseconds(Int(attemptDuration / .nanoseconds(1))))
            }
            // A held answer goes only now, once the attempt's time has passed on the virtual clock.
            lab.heldAnswers.release()
        }
        if ended.withLock({ $0 != nil }) { break }
        guard somethingHappened, clock.now < horizon else { break }
        // A request a fired action sent may come back, and its failure schedule the next wait, while
        // the clock is still being moved: stop at its arrival, so that it is noted at this instant.
        while clock.nextDueInstant != nil, clock.now < horizon, lab.requestCount(for: url) == arrivals.count {
            // The clock stands still while a request is on its way, however long a busy machine
            // takes to deliver it or its answer: otherwise it would reach the server late, or its
            // failure would be timed late. Only once none is running does the clock move, straight
            // to the next whole millisecond in which an action falls due.
            _ = await until(timeout: patience) {
                if lab.requestCount(for: url) > arrivals.count { return true }
                return !(await tasks(of: lab.session)).contains { $0.state == .running }
            }
            guard lab.requestCount(for: url) == arrivals.count, let due = clock.nextDueInstant else { break }
            clock.advance(to: min(nextMillisecond(after: clock.now, reaching: due), horizon))
        }
    }
    subscription.cancel()
    let outcome = ended.withLock { $0 }
    return RetryRun(
        outcome: outcome, arrivals: arrivals,
        unfinishedAt: outcome == nil ? .nanoseconds(clock.now.nanoseconds) : nil)
}

/// The whole millisecond the clock moves to next: the first one at or after `due`, and at least one
/// after `now`. The milliseconds in between change
/// nothing, since no action falls due in them and no request is on its way, so the clock skips them
/// rather than stopping at each.
private func nextMillisecond(
    after now: VirtualTimeScheduler.SchedulerTimeType, reaching due: VirtualTimeScheduler.SchedulerTimeType
) -> VirtualTimeScheduler.SchedulerTimeType {
    let millisecond = 1_000_000
    let dueMillisecond = (due.nanoseconds + millisecond - 1) / millisecond * millisecond
    return VirtualTimeScheduler.SchedulerTimeType(
        nanoseconds: max(now.nanoseconds + millisecond, dueMillisecond))
}

/// A request for `route` with `method`, tagged for `check`.
private func request(
    _ route: String, _ method: String = "GET", query: [URLQueryItem] = [], check: String, in lab: Lab
) -> URLRequest {
    var request = URLRequest(url: lab.url(route, tag: check).appending(queryItems: query))
    request.httpMethod = method
    return request
}

/// A finding on how a request ended and how many times it was sent.
private func endingFinding(
    _ code: RetryWithinBudgetCode, _ request: URLRequest, in lab: Lab, expected: RetryEnding
) async -> Finding<RetryEnding> {
    let run = await retryRun(code, request, in: lab)
    return Finding(expected: expected, measured: run.ending, describe: \.summary)
}

func recoversAfterTwoFailures(_ code: RetryWithinBudgetCode, in lab: Lab) async -> Finding<RetryEnding> {
    await endingFinding(
        code, request(Route.flaky, query: Route.flaky(failing: 2), check: "recovers", in: lab), in: lab,
        expected: RetryEnding(outcome: .success([RouteTable.userBody]), requests: 3))
}

func waitsDouble(_ code: RetryWithinBudgetCode, in lab: Lab) async -> Finding<[Duration]> {
    let run = await retryRun(
        code, request(Route.flaky, query: Route.flaky(failing: 2), check: "waits", in: lab), in: lab)
    return Finding(
        expected: [checkedBudget.firstWait, checkedBudget.firstWait * 2], measured: run.waits,
        describe: { $0.isEmpty ? "no waits" : "waits of " + inMilliseconds($0) + " (virtual time)" })
}

func givesUpWithinTheBudget(_ code: RetryWithinBudgetCode, in lab: Lab) async -> Finding<RetryRun> {
    let run = await retryRun(code, request(Route.busy, check: "gives-up", in: lab), in: lab)
    let firstWait = checkedBudget.firstWait
    return Finding(
        expected: RetryRun(outcome: .failure(.status(503)), arrivals: [.zero, firstWait, firstWait * 3]),
        measured: run, describe: \.summary)
}

func longerBudgetAllowsMoreRetries(_ code: RetryWithinBudgetCode, in lab: Lab) async -> Finding<RetryRun> {
    let run = await retryRun(
        code, request(Route.busy, check: "longer", in: lab), budget: longerBudget, in: lab)
    let firstWait = longerBudget.firstWait
    return Finding(
        expected: RetryRun(
            outcome: .failure(.status(503)),
            arrivals: [.zero, firstWait, firstWait * 3, firstWait * 7, firstWait * 15]),
        measured: run, describe: \.summary)
}

func slowAttemptsUseUpTheBudget(_ code: RetryWithinBudgetCode, in lab: Lab) async -> Finding<RetryRun> {
    // Always failing, each answer held: the first attempt fails at 100 ms, its 50 ms wait ends at
    // 150 and the second attempt fails at 250 ms, when a 100 ms wait would end past 300.
    let failing = Route.flaky(failing: 100, held: true)
    let run = await retryRun(
        code, request(Route.flaky, query: failing, check: "slow-attempts", in: lab),
        attemptDuration: attemptDuration, in: lab)
    return Finding(
        expected: RetryRun(
            outcome: .failure(.status(503)), arrivals: [.zero, attemptDuration + checkedBudget.firstWait]),
        measured: run, describe: \.summary)
}

func sendsAPostOnce(_ code: RetryWithinBudgetCode, in lab: Lab) async -> Finding<RetryEnding> {
    await endingFinding(
        code, request(Route.flaky, "POST", query: Route.flaky(failing: 1), check: "post", in: lab), in: lab,
        expected: RetryEnding(outcome: .failure(.status(503)), requests: 1))
}

func sendsA404Once(_ code: RetryWithinBudgetCode, in lab: Lab) async -> Finding<RetryEnding> {
    await endingFinding(
        code, request(Route.missingUser, check: "404", in: lab), in: lab,
        expected: RetryEnding(outcome: .failure(.status(404)), requests: 1))
}
