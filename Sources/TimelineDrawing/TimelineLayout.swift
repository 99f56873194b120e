import Timelines

/// A section arranged for the picture, before any coordinates: its rows in reading order (the
/// subscriber lanes, then `upstream…` lanes, then the server), each lane followed by the requests it
/// sent, each request on a row of its own; requests for the same thing sent one after another under
/// one subscription are the attempts of a retry.
///
/// The ties are not part of the stable sequence: they are read from the times, which vary.
struct SectionLayout {
    /// An event with its place in the section's record, which orders events the clock cannot tell apart.
    struct Mark {
        let index: Int
        let event: Timeline.Event
    }

    /// Which lane sent a request, and the marks on that lane the picture links it to.
    struct Sender {
        let lane: String
        /// The subscribe or retry that sent the request.
        let sent: Mark
        /// The lane's first event once the server answered or hung up; nil when it never did.
        let heard: Mark?
    }

    /// A lane of the chapter's, or one request at the server with what the server did about it.
    struct Row {
        let title: String
        var marks: [Mark]
        /// For a request's row: who sent it, when a lane was waiting for it.
        var sender: Sender?
        let isRequest: Bool
        /// For one of a retry's requests: which attempt it is, from 1.
        var attempt: Int?
        /// For an attempt after the first: the last thing the server did about the one before.
        var previousAttemptEnd: Mark?
        /// For an attempt after the first: the wait its sender recorded before sending it, if one
        /// was scheduled; an attempt without one was sent at once.
        var scheduledWait: Mark?
        /// For a row that stands for several identical requests one after another (a redirect
        /// loop): the marks of the others, which the row counts rather than draws.
        var repeats: [Mark] = []
        /// Whether the lane draws a stage of a chain (`Timeline.Section.stageLanes`): one line for
        /// the stage, a `retry`'s new subscriptions included, as a marble diagram draws it.
        var isStage = false
    }

    let rows: [Row]

    init(_ section: Timeline.Section) {
        let marks = section.events.enumerated().map { Mark(index: $0.offset, event: $0.element) }
        let lanes = section.lanes.filter { $0 != Timeline.serverLane }
        let ordered = lanes.filter { !$0.hasPrefix("upstream") } + lanes.filter { $0.hasPrefix("upstream") }
        let laneRows = ordered.map { lane in
            Row(
                title: lane, marks: marks.filter { $0.event.lane == lane && $0.event.kind != .wait },
                sender: nil, isRequest: false, isStage: section.stageLanes.contains(lane))
        }
        let serverMarks = marks.filter { $0.event.lane == Timeline.serverLane }
        let otherServerMarks = serverMarks.filter { !$0.event.isServerExchange }
        let serverRow =
            otherServerMarks.isEmpty
            ? [] : [Row(title: Timeline.serverLane, marks: otherServerMarks, sender: nil, isRequest: false)]
        var requestRows = Self.exchanges(in: serverMarks).map {
            Row(title: Timeline.serverLane, marks: $0, sender: nil, isRequest: true)
        }
        Self.tieSenders(of: &requestRows, to: laneRows, calling: section.callLanes)
        Self.numberAttempts(of: &requestRows)
        Self.tieWaits(marks.filter { $0.event.kind == .wait }, to: &requestRows)
        let sent = laneRows.flatMap { row in
            [row] + Self.collapsingRepeats(requestRows.filter { $0.sender?.lane == row.title })
        }
        rows = sent + serverRow + Self.collapsingRepeats(requestRows.filter { $0.sender == nil })
    }

    /// Gives each attempt after the first the wait its sender recorded before it, in order; an
    /// attempt no lane is known to have sent, the next wait recorded on any lane.
    private static func tieWaits(_ waits: [Mark], to requests: inout [Row]) {
        var unused = waits
        for index in requests.indices where (requests[index].attempt ?? 1) > 1 {
            let lane = requests[index].sender?.lane
            guard let wait = unused.firstIndex(where: { lane == nil || $0.event.lane == lane }) else {
                continue
            }
            requests[index].scheduledWait = unused.remove(at: wait)
        }
    }

    /// Three or more requests in a row that are alike (the same request, the same answer, no
    /// attempt numbers) as one row that counts them, so that a redirect loop is not twenty rows.
    private static func collapsingRepeats(_ requests: [Row]) -> [Row] {
        func alike(_ one: Row, _ other: Row) -> Bool {
            one.attempt == nil && other.attempt == nil
                && one.marks.map(\.event.label) == other.marks.map(\.event.label)
        }
        var runs: [[Row]] = []
        for request in requests {
            if let last = runs.last?.last, alike(last, request) {
                runs[runs.count - 1].append(request)
            } else {
                runs.append([request])
            }
        }
        return runs.flatMap { run -> [Row] in
            guard run.count >= 3 else { return run }
            var first = run[0]
            first.repeats = run.dropFirst().flatMap(\.marks)
            return [first]
        }
    }

    /// Numbers the attempts of each retry, in order of arrival. A request is the next attempt of
    /// the one before it when both were sent under the same subscription (or retry, or data task
    /// publisher's lane), or by no lane
    /// the picture knows of, ask for the same method and target, and it arrived once the one before
    /// was over, so a wait between attempts is never negative; a request that follows a redirect
    /// is the session following it, not a retry. A request no lane is known to have sent needs one
    /// thing more: that the one before ended with an answer a retry is for (a 5xx, a 429, or none).
    private static func numberAttempts(of requests: inout [Row]) {
        var open: [String: [Int]] = [:]
        var groups: [[Int]] = []
        for index in requests.indices {
            let request = requests[index]
            let arrival = request.marks[0].event
            let key = (request.sender.map(Self.subscriptionKey) ?? "asked") + " " + arrival.detail
            if let previous = open[key]?.last.map({ requests[$0].marks.last!.event }),
                previous.offset > arrival.offset || previous.redirects
                    || (request.sender == nil && !previous.callsForARetry)
            {
                groups.append(open[key]!)
                open[key] = [index]
                continue
            }
            open[key, default: []].append(index)
        }
        for attempts in groups + open.values where attempts.count > 1 {
            for (number, index) in attempts.enumerated() {
                requests[index].attempt = number + 1
                if number > 0 {
                    requests[index].previousAttemptEnd = requests[attempts[number - 1]].marks.last
                }
            }
        }
    }

    /// How a stage that sends its requests itself is written: `dataTaskPublisher(for: url)`.
    static let dataTaskStage = "dataTaskPublisher("

    /// What a request was sent under: the subscribe (or retry) it was tied to, or, on a data task
    /// publisher's own lane, the lane, since each subscribe there after the first is a retry's.
    private static func subscriptionKey(_ sender: Sender) -> String {
        sender.lane.hasPrefix(Self.dataTaskStage) ? "lane \(sender.lane)" : "sent \(sender.sent.index)"
    }

    /// The server's requests in order of arrival, each with what the server did about it: the
    /// events of the same exchange number, or, for events recorded without one, the answer recorded
    /// right after the request.
    private static func exchanges(in serverMarks: [Mark]) -> [[Mark]] {
        var exchanges: [[Mark]] = []
        var byNumber: [Int: Int] = [:]
        for mark in serverMarks where mark.event.isServerExchange {
            if let number = mark.event.exchange, let known = byNumber[number] {
                exchanges[known].append(mark)
            } else if mark.event.kind == .request || exchanges.isEmpty {
                if let number = mark.event.exchange { byNumber[number] = exchanges.count }
                exchanges.append([mark])
            } else {
                exchanges[exchanges.count - 1].append(mark)
            }
        }
        return exchanges.sorted { $0[0].event.offset < $1[0].event.offset }
    }

    /// Ties each request to the lane most likely to have sent it: one subscribed (or retrying) when it
    /// arrived, preferring a data task publisher's own lane where a picture draws each stage of a
    /// chain (its subscriptions may interleave when a retry subscribes again before the last one
    /// finished, so any subscribe there counts), then an inner publisher's lane (a load that
    /// `switchToLatest` subscribes to), then a lane with fewer requests tied to it so far,
    /// then the lane that heard
    /// first of the answer, since that is where the answer went before anywhere else (an
    /// `upstream` lane before the subscribers of its `share()`). A call's `action` on one of the
    /// `calling` lanes counts as a subscribe, and such a call, which sends its own request, is
    /// preferred as a data task publisher's lane is.
    private static func tieSenders(of requests: inout [Row], to lanes: [Row], calling: Set<String>) {
        var tiedCounts: [String: Int] = [:]
        let answeredOrder = requests.indices.sorted {
            requests[$0].marks.last!.event.offset < requests[$1].marks.last!.event.offset
        }
        for request in answeredOrder {
            let exchange = requests[request].marks
            // A client that left heard no answer, so its request is tied to it with no way back.
            let answer = exchange.count > 1 && exchange.last!.event.kind != .cancel ? exchange.last : nil
            let news = (answer ?? exchange[0]).event.offset
            let candidates = lanes.compactMap { lane -> (sender: Sender, key: (Int, Int, Int))? in
                let isStage = lane.title.hasPrefix(Self.dataTaskStage)
                let calls = calling.contains(lane.title)
                let sendsItself = isStage || calls ? 0 : lane.title.hasSuffix(" (inner)") ? 1 : 2
                guard
                    let sent = isStage
                        ? lane.marks.last(where: {
                            $0.event.kind.opens && $0.event.offset <= exchange[0].event.offset
                        })
                        : openingMark(of: lane, at: exchange[0].event.offset, calls: calls)
                else { return nil }
                let heard = lane.marks.first { $0.index > sent.index && $0.event.offset >= news }
                let sender = Sender(lane: lane.title, sent: sent, heard: answer == nil ? nil : heard)
                return (sender, (sendsItself, tiedCounts[lane.title, default: 0], heard?.index ?? .max))
            }
            guard let best = candidates.min(by: { $0.key < $1.key })?.sender else { continue }
            tiedCounts[best.lane, default: 0] += 1
            requests[request].sender = best
        }
    }

    /// The subscribe or retry (or, where the lane `calls`, the call's action) that left `lane`
    /// waiting at `time`, if it was: the latest one before then, with no completion, cancel or (for
    /// a call) value between it and `time`.
    private static func openingMark(of lane: Row, at time: Duration, calls: Bool = false) -> Mark? {
        let opens = { (kind: Timeline.Event.Kind) in kind.opens || (calls && kind == .action) }
        guard let opening = lane.marks.last(where: { opens($0.event.kind) && $0.event.offset <= time }) else {
            return nil
        }
        let closed = lane.marks.contains {
            $0.index > opening.index && $0.event.offset < time
                && ($0.event.kind.closes || (calls && $0.event.kind == .value))
        }
        return closed ? nil : opening
    }
}

extension Timeline.Event {
    /// The end of an exchange that a retry is for: a server error, too many requests, or no answer.
    var callsForARetry: Bool {
        switch kind {
        case .hangUp, .request: true
        case .response: Int(detail).map { $0 >= 500 || $0 == 429 } ?? false
        default: false
        }
    }

    /// An answer that sends the client elsewhere, which URLSession follows with a request of its own.
    var redirects: Bool {
        kind == .response && [301, 302, 303, 307, 308].contains(Int(detail))
    }

    /// A request at the server, or what the server did about it, a client that left included.
    var isServerExchange: Bool {
        kind == .request || kind == .response || kind == .hangUp || (kind == .cancel && exchange != nil)
    }
}

extension Timeline.Event.Kind {
    /// Leaves a subscriber waiting for an answer.
    var opens: Bool { self == .subscribe || self == .retry }
    /// Ends a subscriber's wait.
    var closes: Bool { self == .completion || self == .cancel }
}
