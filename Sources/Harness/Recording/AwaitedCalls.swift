import Timelines

/// The lane the awaited calls of the async/await twins are drawn on.
public let awaitLane = "try await"

/// Awaits `call` in the rule's own task and records it on `lane` of the timeline (`try await`
/// unless the rule awaits several calls at once, each on a lane of its own): `action` when the
/// call began, then what it returned or what it threw. The result is what the call gave, so a rule
/// measures the call itself and the twin's code carries nothing added for the picture. It runs on
/// the caller's actor, so a `@MainActor` rule can hand it a closure that uses main-actor state.
public func awaitedOnTheTimeline<Value: Sendable>(
    _ action: String = "try await data(for:)", lane: String = awaitLane,
    isolation: isolated (any Actor)? = #isolation, _ call: () async throws -> Value
) async -> Result<Value, any Error> {
    let timeline = Timeline.current
    timeline?.record(.action, lane: lane, detail: action)
    do {
        let value = try await call()
        timeline?.record(.value, lane: lane, detail: "returned \(value)")
        return .success(value)
    } catch {
        timeline?.record(.completion, lane: lane, detail: "threw " + describe(failure: error))
        return .failure(error)
    }
}

/// An awaited call's result as a report shows it: `returned 404, threw nothing`, or
/// `threw URLError.timedOut`.
public func describe<Value>(awaited result: Result<Value, any Error>) -> String {
    switch result {
    case .success(let value): "returned \(value), threw nothing"
    case .failure(let failure): "threw " + describe(failure: failure)
    }
}
