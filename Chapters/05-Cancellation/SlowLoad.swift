import Combine
import Foundation
import Harness
import LocalServer
import LoopbackLab
import Quantities
import TimeControl
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One load of the very slow route on a session of its own, so the session's task list holds this
/// load's task and nothing else, with what its subscriber receives counted.
struct SlowLoad: Sendable {
    let lab: Lab
    let url: URL
    let session = URLSession(configuration: Lab.sessionConfiguration())
    let deliveries = DeliveryCounter()

    /// What the rule tagged `tag` does to let go of the load, as the timeline names it.
    let release: String

    init(in lab: Lab, tag: String) {
        self.lab = lab
        url = lab.url(Route.verySlow, tag: tag)
        release =
            switch tag {
            case "out-of-scope": "the local goes out of scope"
            case "set-emptied": "removeAll() empties the set"
            case "owner-freed": "model = nil frees the owner"
            default: "cancel()"
            }
    }

    // excerpt: load
    /// The load as an app writes it: a sink on the data task publisher, here counting what arrives.
    /// The load lives as long as the cancellable it returns.
    func subscribe() -> AnyCancellable {
        session.dataTaskPublisher(for: url)
            .sink(
                receiveCompletion: { deliveries.countCompletion($0) },
                receiveValue: { _ in deliveries.countValue() })
    }
    // end excerpt

    // excerpt: start-and-look
    /// `subscribe()`, watched from outside for the timeline: the cancellable it hands back notes on
    /// the "subscriber" lane when it is cancelled or released, and by what, then cancels the load.
    func start() -> AnyCancellable {
        let timeline = Timeline.current
        timeline?.record(.subscribe, lane: "subscriber")
        let load = subscribe()
        return AnyCancellable { [release] in
            timeline?.record(.action, lane: "subscriber", detail: release)
            timeline?.record(.cancel, lane: "subscriber")
            load.cancel()
        }
    }

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
    // end excerpt

    /// What the release of the load's cancellable led to, measured once the session has let go of
    /// the task and the server has seen the client leave (or the safety deadline passed), and how
    /// long after the request's arrival the server saw that.
    ///
    /// Showing that nothing was delivered takes a bound: the server seeing the connection close is
    /// the last thing that happens for a cancelled request, so any value or completion would be
    /// here by then; were the load not cancelled, it would instead be answered a minute later.
    func afterRelease() async -> (after: AfterCancel, departure: String) {
        _ = await until { await tasks(of: session).isEmpty }
        let abandoned = await lab.abandonedRequest(for: url, orUntil: { deliveries.completions > 0 })
        let tasksLeft = await tasks(of: session).count
        Timeline.current?.record(.note, lane: "session", detail: counted(tasksLeft, "task"))
        session.finishTasksAndInvalidate()
        let after = AfterCancel(
            tasks: tasksLeft, values: deliveries.values, completions: deliveries.completions,
            clientLeftBeforeTheAnswer: abandoned != nil)
        return (after, departureNote(abandoned))
    }

    /// `afterRelease()` as the finding of a rule that expects a silent cancel.
    func findingAfterRelease() async -> Finding<AfterCancel> {
        let (after, departure) = await afterRelease()
        return Finding(expected: .silentCancel, measured: after, describe: \.summary, varies: departure)
    }
}

/// When the server saw a client leave, in words for the timings part of the report.
func departureNote(_ abandoned: AbandonedRequest?) -> String {
    guard let abandoned else { return "the server saw no client leave" }
    let milliseconds = Int(abandoned.waited.milliseconds.rounded())
    return "the server saw the client leave \(milliseconds) ms after the request; its answer was never sent"
}

/// A session's tasks while a request is under way, and whether the server has the request.
struct InFlight: Equatable, Sendable {
    var taskStates: [String]
    var serverHasRequest: Bool

    var taskSummary: String {
        counted(taskStates.count, "task")
            + (taskStates.isEmpty ? "" : ", " + taskStates.joined(separator: ", "))
    }

    var summary: String {
        taskSummary + "; the server " + (serverHasRequest ? "has" : "does not have") + " the request"
    }
}

/// What is left after a subscription ends early: the session's tasks, what the subscriber got,
/// and whether the server saw the client leave before the answer was due.
struct AfterCancel: Equatable, Sendable {
    var tasks: Int
    var values: Int
    var completions: Int
    var clientLeftBeforeTheAnswer: Bool

    /// What every release of a subscription to the very slow route should leave: no task, nothing
    /// delivered, and a server that saw the client leave before it answered.
    static let silentCancel = AfterCancel(
        tasks: 0, values: 0, completions: 0, clientLeftBeforeTheAnswer: true)

    var summary: String {
        counted(tasks, "task") + "; " + deliverySummary(values: values, completions: completions) + "; "
            + serverSide(clientLeft: clientLeftBeforeTheAnswer)
    }
}
