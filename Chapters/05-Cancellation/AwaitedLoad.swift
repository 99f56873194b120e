import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import TimeControl
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `SlowLoad` for the async/await twins: one awaited load of a route, the very slow one unless
/// told otherwise, on a session of its own, so the session's task list holds this load's data task
/// and nothing else; what the awaited call returned or threw is kept for the rule to read.
struct AwaitedLoad: Sendable {
    let lab: Lab
    let url: URL
    let session = URLSession(configuration: Lab.sessionConfiguration())
    private let ending = Locked<Result<Data, any Error>?>(nil)

    init(in lab: Lab, route: String = Route.verySlow, tag: String) {
        self.lab = lab
        url = lab.url(route, tag: tag)
    }

    // excerpt: awaited-load
    /// `awaitedBody(from:session:)` on this load's URL and session, drawn on the timeline's
    /// `try await` lane, keeping what it returned or threw.
    func awaited() async {
        let result = await awaitedOnTheTimeline { try await awaitedBody(from: url, session: session) }
        ending.withLock { $0 = result }
    }
    // end excerpt

    /// What the awaited call gave, once it has returned or thrown.
    var outcome: Result<Data, any Error>? { ending.withLock { $0 } }

    /// Waits until the server has this load's request (or its safety deadline passes).
    func untilServerHasTheRequest() async {
        _ = await until { lab.requestCount(for: url) == 1 }
    }

    /// The session's tasks and their states, as they are now, noted on the "session" lane.
    func inFlight() async -> InFlight {
        let states = await tasks(of: session).map { name(of: $0.state) }
        let seen = InFlight(taskStates: states, serverHasRequest: lab.requestCount(for: url) == 1)
        Timeline.current?.record(.note, lane: "session", detail: seen.taskSummary)
        return seen
    }

    /// What a cancel led to, measured once the awaited call has ended, the session has let go of the
    /// task and the server has seen the client leave (or the safety deadline passed), with how soon
    /// after the request's arrival the call ended and the server saw the client go.
    func afterCancel() async -> (after: AwaitedEnd, timing: String) {
        _ = await until { outcome != nil }
        let ended = ContinuousClock.now
        _ = await until { await tasks(of: session).isEmpty }
        let abandoned = await lab.abandonedRequest(
            for: url, orUntil: { if case .success = outcome { true } else { false } })
        let tasksLeft = await tasks(of: session).count
        Timeline.current?.record(.note, lane: "session", detail: counted(tasksLeft, "task"))
        session.finishTasksAndInvalidate()
        let after = AwaitedEnd(
            tasks: tasksLeft, outcome: outcome.map { describe(awaited: $0) } ?? "not ended",
            clientLeftBeforeTheAnswer: abandoned != nil)
        let arrival = lab.requests(for: url).first?.arrivalTime
        let thrownAfter = arrival.map {
            "the call threw \(milliseconds(ended - $0)) ms after the request arrived; "
        }
        return (after, (thrownAfter ?? "") + departureNote(abandoned))
    }

    /// `afterCancel()` as the finding of a rule that expects the call to throw `URLError.cancelled`.
    func findingAfterCancel() async -> Finding<AwaitedEnd> {
        let (after, timing) = await afterCancel()
        return Finding(expected: .toldOfTheCancel, measured: after, describe: \.summary, varies: timing)
    }
}

/// A duration in whole milliseconds, as the timings part of the report prints it.
func milliseconds(_ duration: Duration) -> Int {
    Int(duration.milliseconds.rounded())
}

/// What is left after an awaited load is cancelled: the session's tasks, what the awaiting code was
/// told, and whether the server saw the client leave before the answer was due.
struct AwaitedEnd: Equatable, Sendable {
    var tasks: Int
    var outcome: String
    var clientLeftBeforeTheAnswer: Bool

    /// What every cancel of an awaited load of the very slow route should leave: no task, a call
    /// that threw `URLError.cancelled`, and a server that saw the client leave before it answered.
    static let toldOfTheCancel = AwaitedEnd(
        tasks: 0, outcome: "threw URLError.cancelled", clientLeftBeforeTheAnswer: true)

    var summary: String {
        counted(tasks, "task") + "; " + outcome + "; " + serverSide(clientLeft: clientLeftBeforeTheAnswer)
    }
}
