import Combine
import Foundation
import Locking
import Timelines

/// Records each stage of one pipeline as a lane of its own on a timeline, from Combine's
/// `_Introspection`: the chain runs exactly as written, with nothing added between its operators.
///
/// A stage's lane is named by the operator as the code writes it (`WrittenStage`: `retry(2)`,
/// `validatingStatus()`) and shows what that operator sent down: its subscription (again, on the
/// same lane, when a `retry` subscribes anew; recorded when the subscriber attaches), the demand
/// it was asked for, each value, its completion and a cancel. What an operator is made of inside
/// (the `mapError` and `flatMap` in `validatingStatus()`, the subject in `share()`) is folded into
/// it: a publisher attached below a stage that is not the next written stage is not drawn. The
/// outermost stage, what the chain's own subscriber sees, goes on the lane the caller names; when
/// `attaching(_:)` subscribes several subscribers (two sinks of one `share()`), each gets the next
/// of the names.
///
/// Observers are global, so the recorder keeps only its own pipeline: the attachments made inside
/// `attaching(_:)`, and those made later on a thread while it is delivering to one of the
/// pipeline's stages (a `retry` subscribing again, `switchToLatest` subscribing to an inner
/// publisher). A publisher attached while a value is being delivered to a drawn stage (the inner
/// publisher of `switchToLatest`) goes on a lane of its own, the stage's name with "(inner)"
/// after it, and the stages inside it are not drawn, so that an inner chain is one lane; one
/// attached while a completion is delivered (a `retry` subscribing again) keeps its lane.
final class StageRecorder: _Introspection, @unchecked Sendable {
    private struct State {
        /// The lane of each stage's subscriber, by its identifier.
        var lanes: [CombineIdentifier: String] = [:]
        /// The lanes of each subscription stages were handed, by its identifier: more than one when
        /// an operator hands its upstream's subscription through (`map` does), so that a cancel
        /// of it ends each stage that holds it.
        var subscriptionLanes: [CombineIdentifier: [String]] = [:]
        /// The subscriber that attached to each lane's stage last: once a `retry` subscribed again,
        /// whatever the stage still sends the one it left is a race with its release, and left out.
        var latest: [String: CombineIdentifier] = [:]
        /// How many subscriptions each lane has received, so a second one reads as "again".
        var subscriptionCounts: [String: Int] = [:]
        /// How deep each thread is inside the pipeline's own calls; attachments made there are its.
        var depth: [ObjectIdentifier: Int] = [:]
        /// The depth at which `attaching(_:)` runs on each thread inside it: an attachment made at
        /// exactly that depth is one of the subscribers, not a stage inside the chain.
        var scopes: [ObjectIdentifier: Int] = [:]
        /// What each thread is doing in the pipeline's stages, one inside another, the latest last.
        var frames: [ObjectIdentifier: [Frame]] = [:]
        /// What attaching each subscriber puts on its thread's frames, if anything.
        var attachFrames: [CombineIdentifier: Frame] = [:]
        /// The subscribers of stages inside an inner publisher or inside a written stage, which
        /// are not drawn.
        var hidden: Set<CombineIdentifier> = []
        /// The written stage each subscriber hears from, by its index in `stages`; the chain's own
        /// subscribers hear from the outermost, `stages.count`.
        var levels: [CombineIdentifier: Int] = [:]
        /// The subscriptions already asked for `.unlimited`: asking again changes nothing, and is
        /// not drawn.
        var unlimited: Set<CombineIdentifier> = []
        /// The written stages each thread is attaching or delivering to, one inside another, the
        /// latest last: a publisher attached then is inside the latest, or the next one up.
        var activeLevels: [ObjectIdentifier: [Int]] = [:]
        /// The stage lanes in the order their first stage was attached: from the subscriber's end
        /// of a chain towards its start.
        var stageLanes: [String] = []
        /// How many subscribers have been attached, each on the next of the subscriber lanes.
        var subscribers = 0
        /// How many of them have had their completion. Once all have, what a stage still sends is
        /// a race with the chain's release that nothing downstream hears, and is left out.
        var completedSubscribers = 0
        /// Stages upstream of one that a failure has reached: what they still send is heard by
        /// nobody, however it races with a `retry` subscribing again, and is left out until they
        /// subscribe again.
        var unheard: Set<String> = []
        /// Stages whose latest subscription has had its completion or been cancelled.
        var ended: Set<String> = []
        /// The objects each identifier above was seen with. Combine names an object by its
        /// address, which a new object can get once the old one is released, so an identifier
        /// stands for what it was seen with while one of them lives. (Some objects share an
        /// identifier by design: a subscription can take that of the subscriber it serves.)
        var holders: [CombineIdentifier: [WeakObject]] = [:]

        /// Whether `id` stands for `subject`: it was seen with nothing, or with an object that is
        /// still alive. A value (`AnySubscriber` shows the identifier of what it wraps) cannot tell.
        func isHeld(_ id: CombineIdentifier, by subject: Any) -> Bool {
            guard WeakObject.object(subject) != nil, let holders = holders[id] else { return true }
            return holders.contains { $0.object != nil }
        }

        /// Forgets what released objects left under `id`, now that `subject` has it.
        mutating func takeOver(_ id: CombineIdentifier, for subject: Any) {
            guard let object = WeakObject.object(subject) else { return }
            if !isHeld(id, by: subject) {
                lanes[id] = nil
                subscriptionLanes[id] = nil
                unlimited.remove(id)
                hidden.remove(id)
                levels[id] = nil
                attachFrames[id] = nil
                holders[id] = nil
            }
            if holders[id]?.contains(where: { $0.object === object }) != true {
                holders[id, default: []].append(WeakObject(object: object))
            }
        }
    }

    /// An object held weakly, so that its release shows.
    private struct WeakObject {
        weak var object: AnyObject?

        /// `subject` as the object it is, `nil` for a value.
        static func object(_ subject: Any) -> AnyObject? {
            type(of: subject) is AnyClass ? subject as AnyObject : nil
        }
    }

    /// What a thread is doing in the pipeline, for telling which lane an attachment made then
    /// belongs to: delivering a value or a completion, attaching an inner publisher, or any of
    /// these in a stage that is not drawn.
    private enum Frame {
        case value, completion, inner, hidden
    }

    private let timeline: Timeline
    /// The chain's stages as written, from its source on, without the outermost, whose output
    /// goes on `subscriberLanes`.
    private let stages: [WrittenStage]
    private let subscriberLanes: [String]
    private let state = Locked(State())

    init(timeline: Timeline, stages: [WrittenStage], subscriberLanes: [String]) {
        self.timeline = timeline
        self.stages = stages
        self.subscriberLanes = subscriberLanes
    }

    /// Runs `attach`, which subscribes the pipeline, counting every attachment it makes as a stage.
    func attaching<Result>(_ attach: () throws -> Result) rethrows -> Result {
        enter()
        let outer = state.withLock { state in
            defer { state.scopes[Self.thread] = state.depth[Self.thread] }
            return state.scopes[Self.thread]
        }
        defer {
            state.withLock { $0.scopes[Self.thread] = outer }
            leave()
        }
        return try attach()
    }

    /// Draws the lanes as a marble diagram reads: the stages in the order the code writes them,
    /// each inner publisher under the stage that made it, then the subscribers in the order named.
    /// Says, too, under the rule's title, how to read the stages' lanes, when there are any.
    func orderLanes() {
        let drawn = state.withLock { $0.stageLanes }
        let written =
            (stages.map(\.name).flatMap { [$0, $0 + " (inner)"] }
            + subscriberLanes.map { $0 + " (inner)" }).filter(drawn.contains)
        timeline.orderLanes(written + subscriberLanes)
        timeline.noteStages(drawn)
        if !drawn.isEmpty, timeline.sections.last?.caption == nil {
            timeline.caption(
                "A line per operator, as the code writes it, from the request down to the subscriber; "
                    + "a retry's new subscription goes on along the same line. A line stops where a "
                    + "failure went on below it or the subscriber got its completion: what it still sent "
                    + "then, heard by nobody, is not drawn.")
        }
    }

    // MARK: Attachment

    func willReceive<P: Publisher, S: Subscriber>(publisher: P, subscriber: S)
    where P.Failure == S.Failure, P.Output == S.Input {
        let isOurs = state.withLock { state -> Bool in
            let depth = state.depth[Self.thread, default: 0]
            guard depth > 0 else { return false }
            let id = subscriber.combineIdentifier
            state.takeOver(id, for: subscriber)
            if state.lanes[id] == nil {
                let enclosing = state.activeLevels[Self.thread]?.last ?? stages.count
                var lane = enclosing < stages.count ? stages[enclosing].name : ""
                var level = enclosing
                switch state.frames[Self.thread]?.last {
                case .value:
                    // The stage below the one delivering the value made it: `switchToLatest`.
                    let owner = enclosing + 1
                    lane =
                        (owner < stages.count ? stages[owner].name : subscriberLanes.first ?? "") + " (inner)"
                    state.attachFrames[id] = .inner
                case .inner, .hidden:
                    state.hidden.insert(id)
                    state.attachFrames[id] = .hidden
                case .completion, nil:
                    if depth == state.scopes[Self.thread], state.subscribers < subscriberLanes.count {
                        lane = subscriberLanes[state.subscribers]
                        state.subscribers += 1
                    } else if enclosing > 0, stages[enclosing - 1].publisher == Self.stageName(of: publisher)
                    {
                        level = enclosing - 1
                        lane = stages[level].name
                    } else {
                        // Inside the written stage: drawn as part of it, not on a lane of its own.
                        state.hidden.insert(id)
                    }
                }
                state.lanes[id] = lane
                state.levels[id] = level
                if !state.hidden.contains(id) {
                    state.latest[lane] = id
                    if !subscriberLanes.contains(lane), !state.stageLanes.contains(lane) {
                        state.stageLanes.append(lane)
                    }
                }
            }
            return true
        }
        guard isOurs else { return }
        enter(state.withLock { $0.attachFrames[subscriber.combineIdentifier] }, stageOf: subscriber)
        logSubscribe(of: subscriber)
    }

    func didReceive<P: Publisher, S: Subscriber>(publisher: P, subscriber: S)
    where P.Failure == S.Failure, P.Output == S.Input {
        if lane(of: subscriber) != nil {
            leave(state.withLock { $0.attachFrames[subscriber.combineIdentifier] }, stage: true)
        }
    }

    // MARK: What each stage is sent

    /// Records that `subscriber` subscribes, when it attaches: that is when a `retry` subscribes
    /// again, in order with what the stage it left still sends, whenever the new subscription
    /// itself arrives.
    private func logSubscribe<S: Subscriber>(of subscriber: S) {
        let subscribed = state.withLock { state -> (lane: String, again: Bool)? in
            guard let lane = state.lanes[subscriber.combineIdentifier],
                !state.hidden.contains(subscriber.combineIdentifier)
            else { return nil }
            state.subscriptionCounts[lane, default: 0] += 1
            // Again once the stage's last subscription is over; beside a live one (the second
            // subscriber of a `share()`) it is one more, not again.
            let again = state.ended.contains(lane) || state.unheard.contains(lane)
            state.unheard.remove(lane)
            state.ended.remove(lane)
            return (lane, again)
        }
        guard let subscribed else { return }
        timeline.record(.subscribe, lane: subscribed.lane, detail: subscribed.again ? "again" : "")
    }

    func willReceive<S: Subscriber>(subscriber: S, subscription: Subscription) {
        let lane = state.withLock { state -> String? in
            guard let lane = state.lanes[subscriber.combineIdentifier],
                state.isHeld(subscriber.combineIdentifier, by: subscriber)
            else { return nil }
            state.takeOver(subscription.combineIdentifier, for: subscription)
            // Handed on again (a retry's new subscription to a publisher that hands out one
            // subscription to all), it is asked anew.
            state.unlimited.remove(subscription.combineIdentifier)
            if !state.hidden.contains(subscriber.combineIdentifier),
                state.subscriptionLanes[subscription.combineIdentifier]?.contains(lane) != true
            {
                state.subscriptionLanes[subscription.combineIdentifier, default: []].append(lane)
            }
            return lane
        }
        guard lane != nil else { return }
        enter()
    }

    func didReceive<S: Subscriber>(subscriber: S, subscription: Subscription) {
        if lane(of: subscriber) != nil { leave() }
    }

    func willReceive<S: Subscriber>(subscriber: S, input: S.Input) {
        guard let lane = lane(of: subscriber) else { return }
        if isLatest(subscriber, on: lane) { timeline.record(.value, lane: lane, detail: eventLabel(input)) }
        enter(isHidden(subscriber) ? .hidden : .value, stageOf: subscriber)
    }

    func didReceive<S: Subscriber>(subscriber: S, input: S.Input, resultingDemand: Subscribers.Demand) {
        if lane(of: subscriber) != nil { leave(.value, stage: true) }
    }

    func willReceive<S: Subscriber>(subscriber: S, completion: Subscribers.Completion<S.Failure>) {
        guard let lane = lane(of: subscriber) else { return }
        if isLatest(subscriber, on: lane), isHeard(completion, on: lane) {
            state.withLock { _ = $0.ended.insert(lane) }
            switch completion {
            case .finished: timeline.record(.completion, lane: lane, detail: "finished")
            case .failure(let failure):
                timeline.record(.completion, lane: lane, detail: describe(failure: failure))
            }
        }
        if subscriberLanes.contains(lane) { state.withLock { $0.completedSubscribers += 1 } }
        enter(isHidden(subscriber) ? .hidden : .completion, stageOf: subscriber)
    }

    func didReceive<S: Subscriber>(subscriber: S, completion: Subscribers.Completion<S.Failure>) {
        if lane(of: subscriber) != nil { leave(.completion, stage: true) }
    }

    /// Records the demand a stage was asked for, on the lane of the stage asked: where the
    /// subscription came from, the last stage it was handed on to.
    func willRequest(subscription: Subscription, _ demand: Subscribers.Demand) {
        let lane = state.withLock { state -> String? in
            let id = subscription.combineIdentifier
            guard state.isHeld(id, by: subscription), !state.unlimited.contains(id) else { return nil }
            if demand == .unlimited { state.unlimited.insert(id) }
            return state.subscriptionLanes[id]?.last
        }
        guard let lane else { return }
        let asked = demand == .unlimited ? ".unlimited" : ".max(\(demand.max ?? 0))"
        timeline.record(.demand, lane: lane, detail: "request(\(asked))")
    }

    func willCancel(subscription: Subscription) {
        let lanes = state.withLock { state in
            guard state.isHeld(subscription.combineIdentifier, by: subscription) else { return [String]() }
            let lanes = state.subscriptionLanes[subscription.combineIdentifier] ?? []
            state.ended.formUnion(lanes)
            return lanes
        }
        for lane in lanes { timeline.record(.cancel, lane: lane) }
    }

    // MARK: Bookkeeping

    private func lane<S: Subscriber>(of subscriber: S) -> String? {
        state.withLock { state in
            state.isHeld(subscriber.combineIdentifier, by: subscriber)
                ? state.lanes[subscriber.combineIdentifier] : nil
        }
    }

    private func isHidden<S: Subscriber>(_ subscriber: S) -> Bool {
        state.withLock { $0.hidden.contains(subscriber.combineIdentifier) }
    }

    /// Whether what `subscriber` is sent is drawn: it is the latest on its lane (so not hidden),
    /// and the chain's subscribers have not all had their completion (their own is drawn).
    private func isLatest<S: Subscriber>(_ subscriber: S, on lane: String) -> Bool {
        state.withLock { state in
            state.latest[lane] == subscriber.combineIdentifier
                && (subscriberLanes.contains(lane) || state.completedSubscribers < state.subscribers)
        }
    }

    /// Whether a completion on `lane` still reaches the chain's subscriber: not once a failure
    /// has passed below the stage. A failure leaves the stages above it unheard.
    private func isHeard<Failure>(_ completion: Subscribers.Completion<Failure>, on lane: String) -> Bool {
        state.withLock { state in
            guard !state.unheard.contains(lane) else { return false }
            if case .failure = completion {
                let below = state.stageLanes.firstIndex(of: lane) ?? -1
                state.unheard.formUnion(state.stageLanes.dropFirst(below + 1))
            }
            return true
        }
    }

    /// Goes one call deeper into the pipeline on this thread, doing `frame`, if the call is one,
    /// in the written stage `subscriber` hears from, if it is given.
    private func enter<S: Subscriber>(_ frame: Frame? = nil, stageOf subscriber: S) {
        enter(frame)
        state.withLock { state in
            let level = state.levels[subscriber.combineIdentifier] ?? stages.count
            state.activeLevels[Self.thread, default: []].append(level)
        }
    }

    /// Goes one call deeper into the pipeline on this thread, doing `frame`, if the call is one.
    private func enter(_ frame: Frame? = nil) {
        state.withLock { state in
            state.depth[Self.thread, default: 0] += 1
            if let frame { state.frames[Self.thread, default: []].append(frame) }
        }
    }

    /// Comes back out of a call `enter(_:)` went into with `frame`, and out of its written stage
    /// when it went into one.
    private func leave(_ frame: Frame? = nil, stage: Bool = false) {
        state.withLock { state in
            let remaining = state.depth[Self.thread, default: 1] - 1
            state.depth[Self.thread] = remaining > 0 ? remaining : nil
            if frame != nil {
                state.frames[Self.thread]?.removeLast()
                if state.frames[Self.thread]?.isEmpty == true { state.frames[Self.thread] = nil }
            }
            if stage {
                state.activeLevels[Self.thread]?.removeLast()
                if state.activeLevels[Self.thread]?.isEmpty == true { state.activeLevels[Self.thread] = nil }
            }
        }
    }

    private static var thread: ObjectIdentifier { ObjectIdentifier(Thread.current) }

    /// A publisher's type without its module, enclosing types or generic arguments: `Retry`.
    static func stageName<P: Publisher>(of publisher: P) -> String {
        let name = String(describing: P.self).prefix { $0 != "<" }
        return String(name.split(separator: ".").last ?? name)
    }
}
