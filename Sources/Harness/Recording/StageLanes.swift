import Combine
import Timelines

/// `outcome(of:)` with every stage of `publisher` recorded on a lane of its own of
/// `Timeline.current` (see `StageRecorder`), the chain's own subscriber on `lane`. The chain runs
/// exactly as written: the stages are seen through `_Introspection`, not through added operators.
nonisolated public func outcome<Upstream: Publisher>(
    of publisher: Upstream, stageLanes lane: String
) async -> Result<[Upstream.Output], Upstream.Failure> where Upstream.Output: Sendable {
    guard let timeline = Timeline.current else { return await outcome(of: publisher) }
    let recorder = StageRecorder(timeline: timeline, outermostLane: lane)
    recorder.enable()
    defer { recorder.disable() }
    return await outcome(of: StagesAttached(upstream: publisher, recorder: recorder))
}

/// Attaches its subscriber to `upstream` inside the recorder's `attaching(_:)`, so that the
/// recorder can tell this pipeline's stages from any other attached meanwhile. It is the harness's,
/// outside the chain: the recorder does not count it as a stage.
private struct StagesAttached<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let recorder: StageRecorder

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        recorder.attaching { upstream.subscribe(subscriber) }
    }
}
