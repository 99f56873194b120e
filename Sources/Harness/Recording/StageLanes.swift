import Combine
import Timelines

/// `outcome(of:)` with every stage of `publisher` recorded on a lane of its own of
/// `Timeline.current` (see `StageRecorder`), the chain's own subscriber on `lane`. The chain runs
/// exactly as written: the stages are seen through `_Introspection`, not through added operators.
nonisolated public func outcome<Upstream: Publisher>(
    of publisher: Upstream, stageLanes lane: String
) async -> Result<[Upstream.Output], Upstream.Failure> where Upstream.Output: Sendable {
    await withStageLanes(subscribers: [lane]) { stages in
        await outcome(of: StagesAttached(upstream: publisher, stages: stages))
    }
}

/// Runs `body` with every stage recorded, on a lane of its own of `Timeline.current`, of each
/// pipeline it subscribes inside `stages.attaching(_:)`: the subscribers attached there go on
/// `subscribers`, in the order they attach, and the stages of their chains on lanes named after
/// their publishers, for as long as `body` runs. The code inside runs exactly as written.
public func withStageLanes<Result>(
    subscribers: [String], isolation: isolated (any Actor)? = #isolation,
    _ body: (StageAttachments) async throws -> Result
) async rethrows -> Result {
    let recorder = Timeline.current.map { StageRecorder(timeline: $0, subscriberLanes: subscribers) }
    recorder?.enable()
    defer {
        recorder?.disable()
        recorder?.orderLanes()
    }
    return try await body(StageAttachments(recorder: recorder))
}

/// Where a pipeline is subscribed so that `withStageLanes` records its stages.
public struct StageAttachments: Sendable {
    fileprivate let recorder: StageRecorder?

    /// Runs `attach`; the subscriptions it makes are recorded stage by stage.
    public func attaching<Result>(_ attach: () throws -> Result) rethrows -> Result {
        guard let recorder else { return try attach() }
        return try recorder.attaching(attach)
    }
}

/// Attaches its subscriber to `upstream` inside `attaching(_:)`, so that the recorder can tell this
/// pipeline's stages from any other attached meanwhile. It is the harness's, outside the chain: the
/// recorder does not count it as a stage.
private struct StagesAttached<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let stages: StageAttachments

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        stages.attaching { upstream.subscribe(subscriber) }
    }
}
