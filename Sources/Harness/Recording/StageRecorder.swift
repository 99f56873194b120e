import Combine
import Foundation
import Locking
import Timelines

/// Records each stage of one pipeline as a lane of its own on a timeline, from Combine's
/// `_Introspection`: the chain runs exactly as written, with nothing added between its operators.
///
/// A stage's lane is named after the publisher it listens to (`DataTaskPublisher`, `TryMap`,
/// `Retry`…) and shows what that publisher sent down: its subscription (again, when a `retry`
/// subscribes anew), each value, its completion and a cancel. The outermost stage, what the chain's
/// own subscriber sees, goes on the lane the caller names.
///
/// Observers are global, so the recorder keeps only its own pipeline: the attachments made inside
/// `attaching(_:)`, and those made later on a thread while it is delivering to one of the
/// pipeline's stages (a `retry` subscribing again, `switchToLatest` subscribing to an inner
/// publisher). Stages of the same publisher type share a lane.
final class StageRecorder: _Introspection, @unchecked Sendable {
    private struct State {
        /// The lane of each stage's subscriber, by its identifier.
        var lanes: [CombineIdentifier: String] = [:]
        /// The lane of each subscription a stage was handed, by its identifier.
        var subscriptionLanes: [CombineIdentifier: String] = [:]
        /// How many subscriptions each lane has received, so a second one reads as "again".
        var subscriptionCounts: [String: Int] = [:]
        /// How deep each thread is inside the pipeline's own calls; attachments made there are its.
        var depth: [ObjectIdentifier: Int] = [:]
    }

    private let timeline: Timeline
    private let outermostLane: String
    private let state = Locked(State())

    init(timeline: Timeline, outermostLane: String) {
        self.timeline = timeline
        self.outermostLane = outermostLane
    }

    /// Runs `attach`, which subscribes the pipeline, counting every attachment it makes as a stage.
    func attaching(_ attach: () -> Void) {
        enter()
        attach()
        leave()
    }

    // MARK: Attachment

    func willReceive<P: Publisher, S: Subscriber>(publisher: P, subscriber: S)
    where P.Failure == S.Failure, P.Output == S.Input {
        let isOurs = state.withLock { state -> Bool in
            guard state.depth[Self.thread, default: 0] > 0 else { return false }
            if state.lanes[subscriber.combineIdentifier] == nil {
                state.lanes[subscriber.combineIdentifier] =
                    state.lanes.isEmpty ? outermostLane : Self.stageName(of: publisher)
            }
            return true
        }
        if isOurs { enter() }
    }

    func didReceive<P: Publisher, S: Subscriber>(publisher: P, subscriber: S)
    where P.Failure == S.Failure, P.Output == S.Input {
        if lane(of: subscriber) != nil { leave() }
    }

    // MARK: What each stage is sent

    func willReceive<S: Subscriber>(subscriber: S, subscription: Subscription) {
        let subscribed = state.withLock { state -> (lane: String, count: Int)? in
            guard let lane = state.lanes[subscriber.combineIdentifier] else { return nil }
            state.subscriptionLanes[subscription.combineIdentifier] = lane
            state.subscriptionCounts[lane, default: 0] += 1
            return (lane, state.subscriptionCounts[lane, default: 0])
        }
        guard let subscribed else { return }
        timeline.record(.subscribe, lane: subscribed.lane, detail: subscribed.count > 1 ? "again" : "")
        enter()
    }

    func didReceive<S: Subscriber>(subscriber: S, subscription: Subscription) {
        if lane(of: subscriber) != nil { leave() }
    }

    func willReceive<S: Subscriber>(subscriber: S, input: S.Input) {
        guard let lane = lane(of: subscriber) else { return }
        timeline.record(.value, lane: lane, detail: eventLabel(input))
        enter()
    }

    func didReceive<S: Subscriber>(subscriber: S, input: S.Input, resultingDemand: Subscribers.Demand) {
        if lane(of: subscriber) != nil { leave() }
    }

    func willReceive<S: Subscriber>(subscriber: S, completion: Subscribers.Completion<S.Failure>) {
        guard let lane = lane(of: subscriber) else { return }
        switch completion {
        case .finished: timeline.record(.completion, lane: lane, detail: "finished")
        case .failure(let failure):
            timeline.record(.completion, lane: lane, detail: describe(failure: failure))
        }
        enter()
    }

    func didReceive<S: Subscriber>(subscriber: S, completion: Subscribers.Completion<S.Failure>) {
        if lane(of: subscriber) != nil { leave() }
    }

    func willCancel(subscription: Subscription) {
        guard let lane = state.withLock({ $0.subscriptionLanes[subscription.combineIdentifier] }) else {
            return
        }
        timeline.record(.cancel, lane: lane)
    }

    // MARK: Bookkeeping

    private func lane<S: Subscriber>(of subscriber: S) -> String? {
        state.withLock { $0.lanes[subscriber.combineIdentifier] }
    }

    private func enter() {
        state.withLock { $0.depth[Self.thread, default: 0] += 1 }
    }

    private func leave() {
        state.withLock { state in
            let remaining = state.depth[Self.thread, default: 1] - 1
            state.depth[Self.thread] = remaining > 0 ? remaining : nil
        }
    }

    private static var thread: ObjectIdentifier { ObjectIdentifier(Thread.current) }

    /// A publisher's type without its module, enclosing types or generic arguments: `Retry`.
    static func stageName<P: Publisher>(of publisher: P) -> String {
        let name = String(describing: P.self).prefix { $0 != "<" }
        return String(name.split(separator: ".").last ?? name)
    }
}
