import Foundation
import Locking

/// A thread-safe record of what happened during a chapter's run, and when: subscriptions, requests
/// at the server, values, completions, cancels, retries, each stamped with a monotonic time and with
/// whether it ran on the main thread.
///
/// A chapter's rules record into `Timeline.current`; the chapter draws the result as a picture for
/// its doc page (`TimelineSVG.swift`), and the docs tests compare its `stableSequence` (what happened,
/// in order, without the times) with the one embedded in the committed picture.
///
/// Events are grouped into sections (one per rule) and lanes (one per subscriber, or the server).
/// A lane must be one thing that happens in order; things that run concurrently get lanes of their
/// own, because only the order within a lane is part of the stable sequence. The picture draws a
/// section's subscriber lanes first, in the order they appear, then lanes named `upstream…`, then the
/// server's requests.
public final class Timeline: Sendable {
    /// One thing that happened.
    public struct Event: Sendable, Equatable {
        /// What happened; `request`, `response` and `hangUp` (the connection closed with no answer) are
        /// seen at the server, the rest at a subscriber. A request the server never answers has nothing
        /// after it: the picture draws only what happened.
        ///
        /// `action` is something the client's own code did (`cancel()`, a cancellable released, a
        /// screen's `disappear()`, a refresh), as against what its pipeline received. `wait` is a
        /// wait that something scheduled before sending a request again (a retry policy's backoff),
        /// recorded when the wait ended. `exit` is a child process ending: `exit 0`, or the signal
        /// that ended it. `demand` is what a stage of a chain was asked for, such as
        /// `request(.unlimited)`.
        public enum Kind: String, Sendable, CaseIterable {
            case subscribe, request, response, hangUp, value, completion, cancel, retry, note
            case action, wait, exit, demand
        }

        /// What happened, one of the kinds above.
        public let kind: Kind
        /// The lane it happened on: a subscriber's, a stage's, or the server's (`serverLane`).
        public let lane: String
        /// What a reader needs to tell this event from its neighbours: a status, a path, a value.
        /// It is part of the stable sequence, so it must read the same on every run (no ports, no times).
        public let detail: String
        /// How long after its section began the event happened.
        public let offset: Duration
        /// Whether the code that recorded it was running on the main thread.
        public let onMainThread: Bool
        /// For the server's events, which request they belong to: a request and what the server did
        /// about it share a number, however many other requests came in between. Not part of the
        /// stable sequence.
        public let exchange: Int?
    }

    /// The events of one rule, with the time the rule began.
    public struct Section: Sendable {
        /// The rule's sentence, the section's heading in the picture; empty for what came before the
        /// first rule.
        public let title: String
        /// What happened during the rule, in the order it was recorded.
        public fileprivate(set) var events: [Event] = []
        fileprivate let start: ContinuousClock.Instant
        /// What the picture says under the rule's title: what a run cannot show, and why.
        public fileprivate(set) var caption: String?
        /// Sections that name the same scale are drawn on one time axis, so they can be compared.
        public fileprivate(set) var scale: String?
        /// For a lane whose events a scheduler moves onto the main thread, what moves them, such as
        /// `receive(on: DispatchQueue.main)`. The picture draws a hop only there: elsewhere a change
        /// of thread is where the work was called from, and nothing in the pipeline moved it.
        public fileprivate(set) var movers: [String: String] = [:]
        /// For a lane in `movers`, the lanes of what runs after the mover on the same thread, such
        /// as a decode written after `receive(on:)`: the hop happened before their events too.
        public fileprivate(set) var movedAlong: [String: [String]] = [:]

        /// Lanes to draw before the others, in this order, such as the stages of one chain from the
        /// publisher at its start to its subscriber (`orderLanes(_:)`).
        public fileprivate(set) var laneOrder: [String] = []

        /// Lanes that each draw one stage of a chain, as against a subscriber or the server: what a
        /// stage still sent once nobody heard it is not recorded, so such a lane ends at its last
        /// event rather than waiting on to the end of the rule.
        public fileprivate(set) var stageLanes: Set<String> = []

        /// Lanes on which an `action` is a call that sends a request of its own, such as a
        /// download given a completion handler or an awaited function: the picture ties the
        /// requests that arrive while the call waits to it, as it does to a subscribe.
        public fileprivate(set) var callLanes: Set<String> = []

        /// The section's lanes: those `laneOrder` names first, in its order, then the others in the
        /// order they first appear.
        public var lanes: [String] {
            var seen = Set<String>()
            let appeared = events.map(\.lane).filter { seen.insert($0).inserted }
            let ordered = laneOrder.filter(seen.contains)
            return ordered + appeared.filter { !ordered.contains($0) }
        }
    }

    /// The timeline the running rules record into; the chapter runner sets it around its rules.
    ///
    /// Task-local, so it is visible only in the rules' tasks: code that runs later on some other
    /// thread (a sink, a server handler) must capture it when it is built.
    @TaskLocal public static var current: Timeline?

    /// The lane the shared server records its requests on. The picture gives each request a row of
    /// its own and links it to the subscriber that sent it, so concurrent requests stay apart.
    public static let serverLane = "server"

    /// The chapter this timeline belongs to, such as `ColdPublishers`.
    public let title: String
    private let sectionsStore: Locked<[Section]>

    /// An empty timeline for the chapter `title`; what is recorded before the first `beginSection`
    /// goes into an untitled section.
    public init(title: String) {
        self.title = title
        sectionsStore = Locked([Section(title: "", start: .now)])
    }

    /// Starts a new section: the events recorded from now on belong to it, timed from `start`
    /// (now, unless the caller took the instant already, as a test that needs exact times does).
    public func beginSection(_ title: String, at start: ContinuousClock.Instant = .now) {
        let section = Section(title: title, start: start)
        sectionsStore.withLock { sections in
            if sections.count == 1, sections[0].title.isEmpty, sections[0].events.isEmpty {
                sections[0] = section
            } else {
                sections.append(section)
            }
        }
    }

    /// Records an event on `lane`, at `instant` (now, unless the time was already measured, such as
    /// a request's arrival at the server), on the main thread or not as `onMainThread` says: the
    /// caller's thread, unless the event was observed elsewhere (in a child process, which reports
    /// the thread and the instant it saw it at).
    public func record(
        _ kind: Event.Kind, lane: String, detail: String = "", at instant: ContinuousClock.Instant = .now,
        onMainThread: Bool = Thread.isMainThread, exchange: Int? = nil
    ) {
        sectionsStore.withLock { sections in
            let last = sections.count - 1
            let event = Event(
                kind: kind, lane: lane, detail: detail, offset: instant - sections[last].start,
                onMainThread: onMainThread, exchange: exchange)
            sections[last].events.append(event)
        }
    }

    /// Says under the current rule's title what its run cannot show and why, such as a type, or a
    /// task that never started; part of the stable sequence.
    public func caption(_ text: String) {
        updateCurrentSection { $0.caption = text }
    }

    /// Draws the current rule on the same time axis as every other rule that names `scale`.
    public func shareTimeScale(_ scale: String) {
        updateCurrentSection { $0.scale = scale }
    }

    /// Notes that on `lane`, `mover` (such as `receive(on: DispatchQueue.main)`) moves the events onto
    /// the main thread, so the picture draws a hop where they change to it: before the first event
    /// on the main thread of `lane` or of the lanes it moves `along` with it.
    public func noteHops(onLane lane: String, by mover: String, along: [String] = []) {
        updateCurrentSection { section in
            section.movers[lane] = mover
            section.movedAlong[lane] = along
        }
    }

    /// Draws the current rule's lanes `names` before its others, in this order.
    public func orderLanes(_ names: [String]) {
        updateCurrentSection { $0.laneOrder = names }
    }

    /// Notes that the current rule's lanes `names` each draw a stage of a chain (`stageLanes`).
    public func noteStages(_ names: [String]) {
        updateCurrentSection { $0.stageLanes.formUnion(names) }
    }

    /// Notes that on the current rule's lanes `names`, an `action` is a call that sends its own
    /// request (`callLanes`).
    public func noteCalls(onLanes names: [String]) {
        updateCurrentSection { $0.callLanes.formUnion(names) }
    }

    private func updateCurrentSection(_ update: (inout Section) -> Void) {
        sectionsStore.withLock { sections in update(&sections[sections.count - 1]) }
    }

    /// The sections in the order they began; a rule during which nothing was recorded keeps its
    /// (empty) section, because "nothing happened" is often the point.
    public var sections: [Section] {
        sectionsStore.withLock { $0 }.filter { !$0.title.isEmpty || !$0.events.isEmpty || $0.caption != nil }
    }

    /// Every event, section by section, in the order recorded.
    public var events: [Event] { sections.flatMap(\.events) }
}
